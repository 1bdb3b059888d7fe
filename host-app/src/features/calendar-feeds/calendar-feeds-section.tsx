import '../../lib/more-messages.ts'
import {
  type CallData,
  createMyCalendarFeed,
  formatDateTime,
  getMyCalendarFeeds,
  revokeMyCalendarFeed,
  timeZoneLabel,
} from '@mashura/core'
import { type RefObject, useEffect, useId, useRef, useState } from 'react'
import { ActionButton } from '../../components/ui/action-button.tsx'
import { DialogActions } from '../../components/ui/dialog-actions.tsx'
import { Loaded } from '../../components/ui/loaded.tsx'
import { SiteDialog } from '../../components/ui/site-dialog.tsx'
import type { HostAppMessageKey } from '../../i18n/index.ts'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { showApiError } from '../../lib/notices.ts'
import { useApi } from '../../lib/use-api.ts'
import './calendar-feeds.css'

/** The person's working addresses and the roles they may have one for. */
type Feeds = CallData<'getMyCalendarFeeds'>
/** A role an address lists sessions for: `sme` (business owner) or `contributor` (expert). */
type Role = Feeds['roles'][number]
/** An address just made, with its two forms: the only time the site has it. */
type Made = CallData<'createMyCalendarFeed'>

/** Each role's name, which titles its card. */
const ROLE_NAME = {
  sme: 'calendarFeeds.role.sme',
  contributor: 'calendarFeeds.role.contributor',
} as const satisfies Record<Role, HostAppMessageKey>

/** What the status line says last; `n` makes a repeated message a new node, so it is announced again. */
interface Said {
  key: 'calendarFeeds.made' | 'calendarFeeds.revoked' | 'calendarFeeds.copied' | 'calendarFeeds.copyFailed'
  role: Role
  n: number
}

/** Where focus goes after an action whose button is gone or whose result is below it. */
interface FocusTo {
  role: Role
  target: 'address' | 'make'
  n: number
}

/**
 * The calendar subscription (issue 36): for each role the signed-in person has, whether a private address is
 * working and since when; making it (again, after a warning that the old one stops), revoking it; and the
 * address just made, shown this once, with Copy and "open in calendar app". The guides
 * (`docs-site/…/guides/calendar-feeds.mdx`) send people here.
 */
export function CalendarFeedsSection() {
  const t = useT()
  const headingId = useId()
  const state = useApi((signal) => getMyCalendarFeeds(api, { signal }), [])
  const [said, setSaid] = useState<Said | null>(null)
  return (
    <section className="card calendar-feeds" aria-labelledby={headingId} data-region="calendar-feeds">
      <h2 id={headingId}>{t.t('calendarFeeds.title')}</h2>
      <p className="muted">{t.t('calendarFeeds.intro')}</p>
      <Loaded state={state}>
        {(answer) => (
          <FeedList
            initial={answer.data}
            onSay={(key, role) => setSaid((before) => ({ key, role, n: (before?.n ?? 0) + 1 }))}
          />
        )}
      </Loaded>
      <p className="calendar-feeds-status" role="status" data-field="calendar-feeds-status">
        {said ? <span key={said.n}>{t.t(said.key, { role: t.t(ROLE_NAME[said.role]) })}</span> : null}
      </p>
    </section>
  )
}

/** The roles' cards, and the confirmation that replacing or revoking an address asks for. */
function FeedList({ initial, onSay }: { initial: Feeds; onSay: (key: Said['key'], role: Role) => void }) {
  const [feeds, setFeeds] = useState(initial)
  const [made, setMade] = useState<Partial<Record<Role, Made>>>({})
  const [busy, setBusy] = useState<Role | null>(null)
  const [confirming, setConfirming] = useState<{ role: Role; action: 'replace' | 'revoke' } | null>(null)
  const [focusTo, setFocusTo] = useState<FocusTo | null>(null)
  useEffect(() => setFeeds(initial), [initial])

  const focus = (role: Role, target: FocusTo['target']) =>
    setFocusTo((before) => ({ role, target, n: (before?.n ?? 0) + 1 }))

  /** Makes the role's address (replacing the earlier one) and shows it. */
  const make = async (role: Role) => {
    setBusy(role)
    try {
      const answer = (await createMyCalendarFeed(api, { role })).data
      setMade((before) => ({ ...before, [role]: answer }))
      setFeeds((before) => ({
        ...before,
        feeds: [...before.feeds.filter((feed) => feed.role !== role), { role, createdAt: answer.createdAt }],
      }))
      onSay('calendarFeeds.made', role)
      // Closed in the same render as focus moves, so the dialog's own focus return does not win.
      setConfirming(null)
      focus(role, 'address')
    } catch (error) {
      setConfirming(null)
      showApiError(error)
    } finally {
      setBusy(null)
    }
  }

  /** Revokes the role's address; the one shown, if any, goes with it. */
  const revoke = async (role: Role) => {
    setBusy(role)
    try {
      setFeeds((await revokeMyCalendarFeed(api, role)).data)
      setMade(({ [role]: _gone, ...rest }) => rest)
      onSay('calendarFeeds.revoked', role)
      setConfirming(null)
      focus(role, 'make')
    } catch (error) {
      setConfirming(null)
      showApiError(error)
    } finally {
      setBusy(null)
    }
  }

  return (
    <>
      <ul className="calendar-feed-list">
        {feeds.roles.map((role) => (
          <RoleCard
            key={role}
            role={role}
            since={feeds.feeds.find((feed) => feed.role === role)?.createdAt ?? null}
            made={made[role] ?? null}
            busy={busy === role}
            focusTo={focusTo?.role === role ? focusTo : null}
            onMake={() => void make(role)}
            onConfirm={(action) => setConfirming({ role, action })}
            onSay={onSay}
          />
        ))}
      </ul>
      {confirming ? (
        <ConfirmDialog
          action={confirming.action}
          role={confirming.role}
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            void (confirming.action === 'replace' ? make(confirming.role) : revoke(confirming.role))
          }
        />
      ) : null}
    </>
  )
}

/** One role: its state, its actions and, just made, its address. */
function RoleCard({
  role,
  since,
  made,
  busy,
  focusTo,
  onMake,
  onConfirm,
  onSay,
}: {
  role: Role
  since: string | null
  made: Made | null
  busy: boolean
  focusTo: FocusTo | null
  onMake: () => void
  onConfirm: (action: 'replace' | 'revoke') => void
  onSay: (key: Said['key'], role: Role) => void
}) {
  const t = useT()
  const titleId = useId()
  const addressRef = useRef<HTMLInputElement>(null)
  const actionsRef = useRef<HTMLDivElement>(null)
  // The button pressed is gone (revoked) or the result is below it (made): focus follows to what comes next.
  useEffect(() => {
    if (focusTo?.target === 'address') addressRef.current?.focus()
    else if (focusTo?.target === 'make')
      actionsRef.current?.querySelector<HTMLButtonElement>('[data-action="make-calendar-feed"]')?.focus()
  }, [focusTo])

  return (
    <li className="calendar-feed" data-role={role} data-state={since ? 'active' : 'none'}>
      <h3 id={titleId} className="calendar-feed-title">
        {t.t(ROLE_NAME[role])}
      </h3>
      <p className="calendar-feed-state" data-field="calendar-feed-state">
        {since
          ? t.t('calendarFeeds.activeSince', {
              date: `${formatDateTime(since, t.lang)} (${timeZoneLabel(t.lang)})`,
            })
          : t.t('calendarFeeds.none')}
      </p>
      {made ? <MadeAddress made={made} inputRef={addressRef} onSay={(key) => onSay(key, role)} /> : null}
      <div className="calendar-feed-actions" ref={actionsRef}>
        {since ? (
          <>
            <ActionButton
              action="replace-calendar-feed"
              aria-describedby={titleId}
              disabled={busy}
              onClick={() => onConfirm('replace')}
            >
              {t.t('calendarFeeds.makeNew')}
            </ActionButton>
            <ActionButton
              action="revoke-calendar-feed"
              tone="danger"
              aria-describedby={titleId}
              disabled={busy}
              onClick={() => onConfirm('revoke')}
            >
              {t.t('calendarFeeds.revoke')}
            </ActionButton>
          </>
        ) : (
          <ActionButton
            action="make-calendar-feed"
            tone="primary"
            aria-describedby={titleId}
            busy={busy}
            disabled={busy}
            onClick={onMake}
          >
            {t.t('calendarFeeds.make')}
          </ActionButton>
        )}
      </div>
    </li>
  )
}

/**
 * The address just made, this once: read-only, selected on focus, with Copy (the clipboard, or the text
 * selected for the person to copy where the browser refuses) and the `webcal://` link that opens a calendar app.
 */
function MadeAddress({
  made,
  inputRef,
  onSay,
}: {
  made: Made
  inputRef: RefObject<HTMLInputElement | null>
  onSay: (key: 'calendarFeeds.copied' | 'calendarFeeds.copyFailed') => void
}) {
  const t = useT()
  const inputId = useId()
  const noteId = useId()

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.httpsUrl)
      onSay('calendarFeeds.copied')
    } catch {
      inputRef.current?.focus()
      inputRef.current?.select()
      onSay('calendarFeeds.copyFailed')
    }
  }

  return (
    <div className="calendar-feed-made" data-region="calendar-feed-address">
      <label htmlFor={inputId} className="calendar-feed-label">
        {t.t('calendarFeeds.addressLabel')}
      </label>
      <div className="calendar-feed-copy">
        <input
          ref={inputRef}
          id={inputId}
          className="calendar-feed-url"
          dir="ltr"
          readOnly
          spellCheck={false}
          value={made.httpsUrl}
          aria-describedby={noteId}
          data-field="calendar-feed-url"
          onFocus={(event) => event.target.select()}
        />
        <ActionButton action="copy-calendar-feed" onClick={() => void copy()}>
          {t.t('calendarFeeds.copy')}
        </ActionButton>
      </div>
      <p id={noteId} className="calendar-feed-note">
        {t.t('calendarFeeds.onceNote')}
      </p>
      <p className="muted calendar-feed-how">{t.t('calendarFeeds.howTo')}</p>
      <a className="button calendar-feed-open" href={made.webcalUrl} data-action="open-calendar-feed">
        {t.t('calendarFeeds.open')}
      </a>
    </div>
  )
}

/** Asks before replacing (the old address stops) or revoking an address; the call runs while it stays open. */
function ConfirmDialog({
  action,
  role,
  onCancel,
  onConfirm,
}: {
  action: 'replace' | 'revoke'
  role: Role
  onCancel: () => void
  onConfirm: () => void
}) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const replace = action === 'replace'
  return (
    <SiteDialog
      title={t.t(replace ? 'calendarFeeds.replaceTitle' : 'calendarFeeds.revokeTitle')}
      className="calendar-feed-dialog"
      onClose={busy ? undefined : onCancel}
      dismissable={!busy}
      data-region="calendar-feed-dialog"
      data-action={action}
    >
      <p className="calendar-feed-dialog-role">{t.t(ROLE_NAME[role])}</p>
      <p>{t.t(replace ? 'calendarFeeds.replaceText' : 'calendarFeeds.revokeText')}</p>
      <DialogActions
        tone={replace ? 'primary' : 'danger'}
        cancel={{ label: t.t('calendarFeeds.back'), onClick: onCancel, disabled: busy, action: 'cancel' }}
        confirm={{
          label: t.t(replace ? 'calendarFeeds.makeNew' : 'calendarFeeds.revoke'),
          onClick: () => {
            setBusy(true)
            onConfirm()
          },
          busy,
          disabled: busy,
          action: replace ? 'confirm-replace-calendar-feed' : 'confirm-revoke-calendar-feed',
        }}
      />
    </SiteDialog>
  )
}
