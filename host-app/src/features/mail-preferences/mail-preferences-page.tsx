import {
  getMailPreferences,
  type MailPreference,
  type MailPreferenceKind,
  updateMailPreferences,
} from '@mashura/core'
import { type ReactNode, useEffect, useId, useState } from 'react'
import { Loaded } from '../../components/ui/loaded.tsx'
import type { HostAppMessageKey } from '../../i18n/index.ts'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { showApiError } from '../../lib/notices.ts'
import { useApi } from '../../lib/use-api.ts'
import './mail-preferences.css'

/** Each kind's name and what it is, in the catalog. */
const WORDS = {
  session_reminders: {
    name: 'mailPreferences.kind.sessionReminders',
    hint: 'mailPreferences.hint.sessionReminders',
  },
  rating_requests: {
    name: 'mailPreferences.kind.ratingRequests',
    hint: 'mailPreferences.hint.ratingRequests',
  },
  expert_news: { name: 'mailPreferences.kind.expertNews', hint: 'mailPreferences.hint.expertNews' },
  recommendations_reminders: {
    name: 'mailPreferences.kind.recommendationsReminders',
    hint: 'mailPreferences.hint.recommendationsReminders',
  },
  session_changes: {
    name: 'mailPreferences.kind.sessionChanges',
    hint: 'mailPreferences.hint.sessionChanges',
  },
} as const satisfies Record<MailPreferenceKind, { name: HostAppMessageKey; hint: HostAppMessageKey }>

/** One kind's switch: the new value is shown and saved at once; a failure puts the old one back. */
function KindSwitch({
  preference,
  busy,
  onChange,
}: {
  preference: MailPreference
  busy: boolean
  onChange: (kind: MailPreferenceKind, enabled: boolean) => void
}) {
  const t = useT()
  const inputId = useId()
  const hintId = useId()
  return (
    <li className="mail-preference" data-kind={preference.kind}>
      <label htmlFor={inputId} className="mail-preference-label">
        <span>{t.t(WORDS[preference.kind].name)}</span>
        <input
          id={inputId}
          type="checkbox"
          role="switch"
          className="switch"
          checked={preference.enabled}
          aria-checked={preference.enabled}
          aria-describedby={hintId}
          aria-busy={busy}
          onChange={(event) => onChange(preference.kind, event.target.checked)}
        />
      </label>
      <p id={hintId} className="mail-preference-hint">
        {t.t(WORDS[preference.kind].hint)}
      </p>
    </li>
  )
}

/** The switches, saved one at a time; what was saved is announced in the status line. */
function PreferenceList({ initial }: { initial: MailPreference[] }) {
  const t = useT()
  const [preferences, setPreferences] = useState(initial)
  const [busy, setBusy] = useState<MailPreferenceKind | null>(null)
  const [said, setSaid] = useState<{ kind: MailPreferenceKind; enabled: boolean } | null>(null)
  useEffect(() => setPreferences(initial), [initial])
  const change = async (kind: MailPreferenceKind, enabled: boolean) => {
    const before = preferences
    setPreferences((list) => list.map((p) => (p.kind === kind ? { ...p, enabled } : p)))
    setBusy(kind)
    try {
      const answer = await updateMailPreferences(api, { kind, enabled })
      setPreferences(answer.data.preferences)
      setSaid({ kind, enabled })
    } catch (error) {
      setPreferences(before)
      showApiError(error)
    } finally {
      setBusy(null)
    }
  }
  return (
    <>
      <ul className="card mail-preferences-list">
        {preferences.map((preference) => (
          <KindSwitch
            key={preference.kind}
            preference={preference}
            busy={busy === preference.kind}
            onChange={(kind, enabled) => void change(kind, enabled)}
          />
        ))}
      </ul>
      <p className="mail-preferences-status" role="status" data-field="mail-preferences-status">
        {said
          ? t.t(said.enabled ? 'mailPreferences.savedOn' : 'mailPreferences.savedOff', {
              kind: t.t(WORDS[said.kind].name),
            })
          : ''}
      </p>
    </>
  )
}

/**
 * `/mail-preferences`: each kind of mail that applies to the signed-in person, with a switch that turns it
 * off or on again (issue 34). Every mail that can be turned off links here. `children`, other features'
 * sections the route places below (the calendar subscription, issue 36): features do not import each other.
 */
export function MailPreferencesPage({ children }: { children?: ReactNode }) {
  const t = useT()
  const state = useApi((signal) => getMailPreferences(api, { signal }), [])
  return (
    <section className="sme-page mail-preferences-page" data-page="mail-preferences">
      <h1>{t.t('mailPreferences.title')}</h1>
      <p className="muted">{t.t('mailPreferences.intro')}</p>
      <Loaded state={state}>{(answer) => <PreferenceList initial={answer.data.preferences} />}</Loaded>
      {children}
    </section>
  )
}
