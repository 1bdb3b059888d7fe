import type { CallData, CallQuery } from '@mashura/core'
import { callAdminApi } from '@mashura/core/admin'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { ActionButton } from '../../../components/ui/action-button.tsx'
import { DialogActions } from '../../../components/ui/dialog-actions.tsx'
import { SiteDialog } from '../../../components/ui/site-dialog.tsx'
import { api } from '../../../lib/api.ts'
import { apiErrorText, showApiError, showSnackbar } from '../../../lib/notices.ts'
import { useApi } from '../../../lib/use-api.ts'
import { type AdminTranslator, useAdminT } from '../i18n.ts'
import {
  DELIVERY_STATES,
  endpointState,
  orderedEvents,
  prettyBody,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_LIMIT,
  type WebhookFormValues,
  webhookFormProblems,
} from '../webhooks.ts'
import '../webhooks.css'
import { AdminLoaded, focusFirstProblem } from './admin-loaded.tsx'
import { CheckField, SelectField, TextField } from './fields.tsx'

/** An endpoint as the list shows it. */
type Endpoint = CallData<'adminListWebhookEndpoints'>[number]
/** An endpoint with the secret just made (creation, rotation). */
type WithSecret = CallData<'adminCreateWebhookEndpoint'>
/** One delivery in an endpoint's log. */
type Delivery = CallData<'adminListWebhookDeliveries'>[number]

/** How often an open log with deliveries still waiting is read again. */
const LOG_REFRESH_MS = 3000

/** A moment as the back office writes it: date and time. */
function when(t: AdminTranslator, value: string): string {
  return t.intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' })
}

/** An address inside a sentence: isolated, so a left-to-right URL does not jumble the Arabic around it. */
function isolated(text: string): string {
  return `\u2068${text}\u2069`
}

/**
 * The partner webhooks (issue 36): every endpoint with its key, events, source and state; adding one (its
 * secret shown once), rotating its secret, pausing and resuming, deleting, a test event, and each endpoint's
 * delivery log with redeliver. An endpoint of the `WEBHOOKS` setting is paused and resumed here only.
 */
export function WebhooksSection() {
  const t = useAdminT()
  const list = useApi((signal) => callAdminApi(api, 'adminListWebhookEndpoints', {}, { signal }), [t.lang])
  const [creating, setCreating] = useState(false)
  const [secret, setSecret] = useState<{ made: WithSecret; rotated: boolean } | null>(null)
  const [confirming, setConfirming] = useState<{ endpoint: Endpoint; action: 'rotate' | 'delete' } | null>(
    null,
  )
  const [logOf, setLogOf] = useState<number | null>(null)

  return (
    <section aria-labelledby="admin-webhooks-title" data-section="webhooks">
      <div className="admin-section-head">
        <h2 id="admin-webhooks-title">{t.t('admin.section.webhooks')}</h2>
        <ActionButton action="add-webhook" tone="primary" onClick={() => setCreating(true)}>
          {t.t('admin.webhooks.add')}
        </ActionButton>
      </div>
      <p className="muted">{t.t('admin.webhooks.intro')}</p>
      <AdminLoaded state={list}>
        {({ data: endpoints }) =>
          endpoints.length === 0 ? (
            <p className="empty-state">{t.t('admin.webhooks.none')}</p>
          ) : (
            <ul className="admin-cards admin-webhooks" aria-label={t.t('admin.webhooks.list')}>
              {endpoints.map((endpoint) => (
                <EndpointCard
                  key={endpoint.id}
                  endpoint={endpoint}
                  logOpen={logOf === endpoint.id}
                  onToggleLog={() => setLogOf(logOf === endpoint.id ? null : endpoint.id)}
                  onConfirm={(action) => setConfirming({ endpoint, action })}
                  onChanged={list.reload}
                />
              ))}
            </ul>
          )
        }
      </AdminLoaded>
      {creating ? (
        <CreateDialog
          onClose={() => setCreating(false)}
          onDone={(made) => {
            setCreating(false)
            setSecret({ made, rotated: false })
            showSnackbar({ kind: 'success', text: t.t('admin.webhooks.created', { url: made.endpoint.url }) })
            list.reload()
          }}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          endpoint={confirming.endpoint}
          action={confirming.action}
          onClose={() => setConfirming(null)}
          onDone={(made) => {
            const { endpoint, action } = confirming
            setConfirming(null)
            if (made) setSecret({ made, rotated: true })
            else {
              if (logOf === endpoint.id) setLogOf(null)
              showSnackbar({ kind: 'success', text: t.t('admin.webhooks.deleted', { url: endpoint.url }) })
            }
            if (action === 'rotate' || action === 'delete') list.reload()
          }}
        />
      ) : null}
      {secret ? (
        <SecretDialog made={secret.made} rotated={secret.rotated} onClose={() => setSecret(null)} />
      ) : null}
    </section>
  )
}

/** One endpoint: what it is, its state, its actions and (opened) its delivery log. */
function EndpointCard({
  endpoint,
  logOpen,
  onToggleLog,
  onConfirm,
  onChanged,
}: {
  endpoint: Endpoint
  logOpen: boolean
  onToggleLog: () => void
  onConfirm: (action: 'rotate' | 'delete') => void
  onChanged: () => void
}) {
  const t = useAdminT()
  const titleId = `admin-webhook-${endpoint.id}`
  const logId = `admin-webhook-log-${endpoint.id}`
  const state = endpointState(endpoint)
  const fromConfig = endpoint.source === 'config'
  const [busy, setBusy] = useState<'test' | 'pause' | null>(null)
  const [testedAt, setTestedAt] = useState(0)

  async function sendTest() {
    setBusy('test')
    try {
      await callAdminApi(api, 'adminSendTestWebhook', { params: { id: endpoint.id } })
      showSnackbar({ kind: 'success', text: t.t('admin.webhooks.testSent', { url: endpoint.url }) })
      setTestedAt(Date.now())
      onChanged()
    } catch (error) {
      showApiError(error)
    } finally {
      setBusy(null)
    }
  }

  async function setPaused(paused: boolean) {
    setBusy('pause')
    try {
      await callAdminApi(api, 'adminUpdateWebhookEndpoint', { params: { id: endpoint.id }, body: { paused } })
      showSnackbar({
        kind: 'success',
        text: t.t(paused ? 'admin.webhooks.paused' : 'admin.webhooks.resumed', { url: endpoint.url }),
      })
      onChanged()
    } catch (error) {
      showApiError(error)
    } finally {
      setBusy(null)
    }
  }

  return (
    <li
      className="card admin-card"
      aria-labelledby={titleId}
      data-webhook={endpoint.id}
      data-state={state}
      data-source={endpoint.source}
    >
      <div className="admin-card-head">
        <h3 id={titleId} className="admin-card-title admin-webhook-url" dir="ltr">
          {endpoint.url}
        </h3>
        <span
          className={
            state === 'active' ? 'pill' : `pill admin-pill-${state === 'failing' ? 'overdue' : 'soon'}`
          }
        >
          {t.t(`admin.webhooks.state.${state}`)}
        </span>
      </div>
      {state !== 'active' && endpoint.paused_at ? (
        <p className={state === 'failing' ? 'admin-deadline admin-deadline-overdue' : 'muted'}>
          {t.t(state === 'failing' ? 'admin.webhooks.pausedFailing' : 'admin.webhooks.pausedByAdmin', {
            date: when(t, endpoint.paused_at),
          })}
        </p>
      ) : null}
      {endpoint.failing_since ? (
        <p className="admin-deadline admin-deadline-soon" data-failing-since>
          {t.t('admin.webhooks.failingSince', { date: when(t, endpoint.failing_since) })}
        </p>
      ) : null}
      <dl className="admin-facts">
        <div>
          <dt>{t.t('admin.webhooks.apiKey')}</dt>
          <dd>
            <code dir="ltr">{endpoint.api_key}</code>
          </dd>
        </div>
        <div>
          <dt>{t.t('admin.webhooks.source')}</dt>
          <dd>{t.t(`admin.webhooks.source.${endpoint.source}`)}</dd>
        </div>
        <div>
          <dt>{t.t('admin.webhooks.pending')}</dt>
          <dd data-pending>{t.intl.formatNumber(endpoint.pending)}</dd>
        </div>
        <div>
          <dt>{t.t('admin.webhooks.lastDelivered')}</dt>
          <dd>
            {endpoint.last_delivered_at ? when(t, endpoint.last_delivered_at) : t.t('admin.webhooks.never')}
          </dd>
        </div>
        <div className="admin-fact-wide">
          <dt>{t.t('admin.webhooks.events')}</dt>
          <dd>
            <ul className="admin-webhook-events">
              {orderedEvents(endpoint.events).map((event) => (
                <li key={event}>
                  <code dir="ltr">{event}</code>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        {endpoint.previous_secret_until && Date.parse(endpoint.previous_secret_until) > Date.now() ? (
          <div className="admin-fact-wide">
            <dt>{t.t('admin.webhooks.secretTitle')}</dt>
            <dd>{t.t('admin.webhooks.previousUntil', { date: when(t, endpoint.previous_secret_until) })}</dd>
          </div>
        ) : null}
      </dl>
      {fromConfig ? <p className="muted admin-webhook-note">{t.t('admin.webhooks.configNote')}</p> : null}
      <div className="admin-card-actions">
        <ActionButton
          action="test-webhook"
          aria-describedby={titleId}
          busy={busy === 'test'}
          disabled={busy !== null}
          onClick={() => void sendTest()}
        >
          {t.t('admin.webhooks.test')}
        </ActionButton>
        <ActionButton
          action={state === 'active' ? 'pause-webhook' : 'resume-webhook'}
          aria-describedby={titleId}
          busy={busy === 'pause'}
          disabled={busy !== null}
          onClick={() => void setPaused(state === 'active')}
        >
          {t.t(state === 'active' ? 'admin.webhooks.pause' : 'admin.webhooks.resume')}
        </ActionButton>
        {fromConfig ? null : (
          <>
            <ActionButton
              action="rotate-webhook"
              aria-describedby={titleId}
              onClick={() => onConfirm('rotate')}
            >
              {t.t('admin.webhooks.rotate')}
            </ActionButton>
            <ActionButton
              action="delete-webhook"
              tone="danger"
              aria-describedby={titleId}
              onClick={() => onConfirm('delete')}
            >
              {t.t('admin.webhooks.delete')}
            </ActionButton>
          </>
        )}
        <ActionButton
          action="webhook-log"
          aria-describedby={titleId}
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          onClick={onToggleLog}
        >
          {t.t('admin.webhooks.showLog')}
        </ActionButton>
      </div>
      {logOpen ? (
        <DeliveryLog id={logId} endpoint={endpoint} changedAt={testedAt} onChanged={onChanged} />
      ) : null}
    </li>
  )
}

/** An endpoint's deliveries, newest first, paged and filtered by state, each with its body and "redeliver". */
function DeliveryLog({
  id,
  endpoint,
  changedAt,
  onChanged,
}: {
  id: string
  endpoint: Endpoint
  changedAt: number
  onChanged: () => void
}) {
  const t = useAdminT()
  const [state, setState] = useState<'all' | (typeof DELIVERY_STATES)[number]>('all')
  const [page, setPage] = useState(1)
  const [round, setRound] = useState(0)
  const query: CallQuery<'adminListWebhookDeliveries'> = { page, ...(state === 'all' ? {} : { state }) }
  const log = useApi(
    (signal) =>
      callAdminApi(api, 'adminListWebhookDeliveries', { params: { id: endpoint.id }, query }, { signal }),
    [endpoint.id, page, state, round, changedAt, t.lang],
  )
  const waiting = log.data?.data.some((delivery) => delivery.state === 'pending') ?? false
  const changed = useRef(onChanged)
  changed.current = onChanged
  // While a delivery waits, read the log (and the list's counts) again now and then, so "delivered" shows
  // without a click.
  useEffect(() => {
    if (!waiting || log.loading) return
    const timer = setTimeout(() => {
      setRound((r) => r + 1)
      changed.current()
    }, LOG_REFRESH_MS)
    return () => clearTimeout(timer)
  }, [waiting, log.loading])

  return (
    <section id={id} className="admin-webhook-log" aria-labelledby={`${id}-title`} data-log={endpoint.id}>
      <h4 id={`${id}-title`}>{t.t('admin.webhooks.logTitle', { url: isolated(endpoint.url) })}</h4>
      <div className="admin-filters admin-filters-narrow">
        <SelectField
          label={t.t('admin.webhooks.logState')}
          name="delivery-state"
          value={state}
          options={[
            { value: 'all', label: t.t('admin.webhooks.logAll') },
            ...DELIVERY_STATES.map((s) => ({ value: s, label: t.t(`admin.webhooks.delivery.${s}`) })),
          ]}
          onChange={(e) => {
            setState(DELIVERY_STATES.find((s) => s === e.target.value) ?? 'all')
            setPage(1)
          }}
        />
        <div className="admin-filter-actions">
          <ActionButton action="refresh-log" onClick={() => setRound((r) => r + 1)}>
            {t.t('admin.webhooks.refresh')}
          </ActionButton>
        </div>
      </div>
      <AdminLoaded state={log}>
        {(answer) => (
          <>
            <p className="muted" role="status">
              {t.t('admin.common.results', { count: answer.meta.total })}
            </p>
            {answer.data.length === 0 ? (
              <p className="empty-state">{t.t('admin.webhooks.logNone')}</p>
            ) : (
              <ul className="admin-webhook-deliveries">
                {answer.data.map((delivery) => (
                  <DeliveryRow
                    key={delivery.id}
                    delivery={delivery}
                    onRedelivered={() => {
                      setRound((r) => r + 1)
                      onChanged()
                    }}
                  />
                ))}
              </ul>
            )}
            {answer.meta.last_page > 1 ? (
              <nav
                className="pager"
                aria-label={t.t('admin.webhooks.logTitle', { url: isolated(endpoint.url) })}
              >
                {page > 1 ? (
                  <ActionButton action="log-newer" onClick={() => setPage(page - 1)}>
                    {t.t('admin.webhooks.newer')}
                  </ActionButton>
                ) : null}
                <span className="pager-status">
                  {t.t('admin.webhooks.logPage', { page, total: answer.meta.last_page })}
                </span>
                {page < answer.meta.last_page ? (
                  <ActionButton action="log-older" onClick={() => setPage(page + 1)}>
                    {t.t('admin.webhooks.older')}
                  </ActionButton>
                ) : null}
              </nav>
            ) : null}
          </>
        )}
      </AdminLoaded>
    </section>
  )
}

/** One delivery: its event, state, attempts, last answer, times, body and "redeliver". */
function DeliveryRow({ delivery, onRedelivered }: { delivery: Delivery; onRedelivered: () => void }) {
  const t = useAdminT()
  const titleId = useId()
  const [busy, setBusy] = useState(false)
  const tone =
    delivery.state === 'failed'
      ? ' admin-pill-overdue'
      : delivery.state === 'pending'
        ? ' admin-pill-soon'
        : ''

  async function redeliver() {
    setBusy(true)
    try {
      await callAdminApi(api, 'adminRedeliverWebhook', { params: { id: delivery.id } })
      showSnackbar({
        kind: 'success',
        text: t.t('admin.webhooks.redelivered', { event: delivery.event_type }),
      })
      onRedelivered()
    } catch (error) {
      showApiError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <li
      className="admin-webhook-delivery"
      aria-labelledby={titleId}
      data-delivery={delivery.id}
      data-event={delivery.event_type}
      data-state={delivery.state}
    >
      <div className="admin-card-head">
        <h5 id={titleId} className="admin-card-title">
          <code dir="ltr">{delivery.event_type}</code>
        </h5>
        <span className={`pill${tone}`}>{t.t(`admin.webhooks.delivery.${delivery.state}`)}</span>
      </div>
      <dl className="admin-facts">
        <div>
          <dt>{t.t('admin.webhooks.attempts')}</dt>
          <dd>{t.intl.formatNumber(delivery.attempts)}</dd>
        </div>
        <div>
          <dt>{t.t('admin.webhooks.lastStatus')}</dt>
          <dd dir="ltr">{delivery.last_status ?? '-'}</dd>
        </div>
        <div>
          <dt>{t.t('admin.webhooks.queuedAt')}</dt>
          <dd>{when(t, delivery.created_at)}</dd>
        </div>
        <div>
          <dt>{t.t('admin.webhooks.lastAttempt')}</dt>
          <dd>{delivery.last_attempt_at ? when(t, delivery.last_attempt_at) : '-'}</dd>
        </div>
        {delivery.delivered_at ? (
          <div>
            <dt>{t.t('admin.webhooks.deliveredAt')}</dt>
            <dd>{when(t, delivery.delivered_at)}</dd>
          </div>
        ) : null}
        {delivery.state === 'pending' && delivery.next_attempt_at ? (
          <div>
            <dt>{t.t('admin.webhooks.nextAttempt')}</dt>
            <dd>{when(t, delivery.next_attempt_at)}</dd>
          </div>
        ) : null}
        {delivery.last_error ? (
          <div className="admin-fact-wide">
            <dt>{t.t('admin.webhooks.lastError')}</dt>
            <dd dir="ltr">{delivery.last_error}</dd>
          </div>
        ) : null}
        <div className="admin-fact-wide">
          <dt>{t.t('admin.webhooks.messageId')}</dt>
          <dd>
            <code dir="ltr">{delivery.message_id}</code>
          </dd>
        </div>
      </dl>
      <details className="admin-details">
        <summary>{t.t('admin.webhooks.body')}</summary>
        <pre
          className="admin-webhook-body"
          dir="ltr"
          // A long body scrolls; the keyboard reaches it too.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (WCAG 2.1.1)
          tabIndex={0}
        >
          {prettyBody(delivery.body)}
        </pre>
      </details>
      <div className="admin-card-actions">
        <ActionButton
          action="redeliver-webhook"
          aria-describedby={titleId}
          busy={busy}
          disabled={busy}
          onClick={() => void redeliver()}
        >
          {t.t('admin.webhooks.redeliver')}
        </ActionButton>
      </div>
    </li>
  )
}

/** Adding an endpoint: the partner's key, the address and the events. */
function CreateDialog({ onClose, onDone }: { onClose: () => void; onDone: (made: WithSecret) => void }) {
  const t = useAdminT()
  const groupId = useId()
  const [values, setValues] = useState<WebhookFormValues>({
    api_key: '',
    url: '',
    events: [...WEBHOOK_EVENTS],
  })
  const [problems, setProblems] = useState<ReturnType<typeof webhookFormProblems>>({})
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)
  const problem = (field: keyof WebhookFormValues) => {
    const key = problems[field]
    return key ? t.t(key, { max: field === 'url' ? WEBHOOK_URL_LIMIT : 200 }) : undefined
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault()
    const found = webhookFormProblems(values)
    setProblems(found)
    setFailure('')
    if (Object.keys(found).length > 0) {
      focusFirstProblem()
      if (found.events && !found.api_key && !found.url)
        requestAnimationFrame(() => document.getElementById(`${groupId}-first`)?.focus())
      return
    }
    setBusy(true)
    try {
      const { data: made } = await callAdminApi(api, 'adminCreateWebhookEndpoint', {
        body: {
          api_key: values.api_key.trim(),
          url: values.url.trim(),
          events: orderedEvents(values.events) as (typeof WEBHOOK_EVENTS)[number][],
        },
      })
      onDone(made)
    } catch (error) {
      setFailure(apiErrorText(error) ?? t.t('common.error'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <SiteDialog
      title={t.t('admin.webhooks.createTitle')}
      className="admin-dialog admin-dialog-wide"
      onClose={busy ? undefined : onClose}
      dismissable={!busy}
    >
      <form noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label={t.t('admin.webhooks.apiKey')}
          hint={t.t('admin.webhooks.apiKeyHint')}
          name="api_key"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={200}
          value={values.api_key}
          error={problem('api_key')}
          onChange={(e) => setValues({ ...values, api_key: e.target.value })}
        />
        <TextField
          label={t.t('admin.webhooks.url')}
          hint={t.t('admin.webhooks.urlHint')}
          name="url"
          type="url"
          dir="ltr"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={WEBHOOK_URL_LIMIT}
          placeholder="https://partner.example/webhooks"
          value={values.url}
          error={problem('url')}
          onChange={(e) => setValues({ ...values, url: e.target.value })}
        />
        <fieldset
          className="admin-fieldset"
          aria-describedby={problems.events ? `${groupId}-error` : undefined}
          data-field="events"
        >
          <legend>{t.t('admin.webhooks.events')}</legend>
          <div className="admin-card-actions">
            <ActionButton
              action="all-events"
              onClick={() => setValues({ ...values, events: [...WEBHOOK_EVENTS] })}
            >
              {t.t('admin.webhooks.eventsAll')}
            </ActionButton>
            <ActionButton action="no-events" onClick={() => setValues({ ...values, events: [] })}>
              {t.t('admin.webhooks.eventsNone')}
            </ActionButton>
          </div>
          <div className="admin-checks-box" dir="ltr" id={`${groupId}-first`} tabIndex={-1}>
            {WEBHOOK_EVENTS.map((event) => (
              <CheckField
                key={event}
                name="events"
                label={event}
                checked={values.events.includes(event)}
                onChange={(checked) =>
                  setValues({
                    ...values,
                    events: checked ? [...values.events, event] : values.events.filter((e) => e !== event),
                  })
                }
              />
            ))}
          </div>
          {problems.events ? (
            <p id={`${groupId}-error`} className="field-error">
              {problem('events')}
            </p>
          ) : null}
        </fieldset>
        {failure ? (
          <p className="error-box" role="alert" data-state="failed">
            {failure}
          </p>
        ) : null}
        <div className="dialog-actions">
          <ActionButton action="cancel" onClick={onClose} disabled={busy}>
            {t.t('common.cancel')}
          </ActionButton>
          <ActionButton action="create-webhook" tone="primary" submit busy={busy} disabled={busy}>
            {t.t('admin.webhooks.create')}
          </ActionButton>
        </div>
      </form>
    </SiteDialog>
  )
}

/** Rotating an endpoint's secret or deleting it, after a confirmation. */
function ConfirmDialog({
  endpoint,
  action,
  onClose,
  onDone,
}: {
  endpoint: Endpoint
  action: 'rotate' | 'delete'
  onClose: () => void
  onDone: (made: WithSecret | null) => void
}) {
  const t = useAdminT()
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)
  const rotate = action === 'rotate'

  async function confirm() {
    setBusy(true)
    setFailure('')
    try {
      if (rotate)
        onDone((await callAdminApi(api, 'adminRotateWebhookSecret', { params: { id: endpoint.id } })).data)
      else {
        await callAdminApi(api, 'adminDeleteWebhookEndpoint', { params: { id: endpoint.id } })
        onDone(null)
      }
    } catch (error) {
      setFailure(apiErrorText(error) ?? t.t('common.error'))
      setBusy(false)
    }
  }

  return (
    <SiteDialog
      title={t.t(rotate ? 'admin.webhooks.rotateTitle' : 'admin.webhooks.deleteTitle')}
      className="admin-dialog"
      onClose={busy ? undefined : onClose}
      dismissable={!busy}
    >
      <p>
        {rotate
          ? t.t('admin.webhooks.rotateText')
          : t.t('admin.webhooks.deleteText', { url: isolated(endpoint.url) })}
      </p>
      {failure ? (
        <p className="error-box" role="alert" data-state="failed">
          {failure}
        </p>
      ) : null}
      <DialogActions
        tone={rotate ? 'primary' : 'danger'}
        cancel={{ label: t.t('common.cancel'), onClick: onClose, disabled: busy }}
        confirm={{
          label: t.t(rotate ? 'admin.webhooks.rotate' : 'admin.webhooks.delete'),
          onClick: () => void confirm(),
          busy,
          disabled: busy,
          action: rotate ? 'confirm-rotate' : 'confirm-delete',
        }}
      />
    </SiteDialog>
  )
}

/** The secret just made, shown this once with a copy button; after a rotation, until when the old one signs. */
function SecretDialog({
  made,
  rotated,
  onClose,
}: {
  made: WithSecret
  rotated: boolean
  onClose: () => void
}) {
  const t = useAdminT()
  const id = useId()
  const until = made.endpoint.previous_secret_until

  async function copy() {
    try {
      await navigator.clipboard.writeText(made.secret)
      showSnackbar({ kind: 'success', text: t.t('admin.webhooks.copied') })
    } catch {
      ;(document.getElementById(id) as HTMLInputElement | null)?.select()
      showSnackbar({ kind: 'error', text: t.t('admin.webhooks.copyFailed') })
    }
  }

  return (
    <SiteDialog title={t.t('admin.webhooks.secretTitle')} className="admin-dialog" onClose={onClose}>
      <p className="error-box admin-webhook-warning" id={`${id}-warning`}>
        {t.t('admin.webhooks.secretWarning')}
      </p>
      <p className="muted" dir="ltr">
        {made.endpoint.url}
      </p>
      <div className="admin-field">
        <label htmlFor={id} className="admin-label">
          {t.t('admin.webhooks.secretLabel')}
        </label>
        <input
          id={id}
          className="admin-input admin-webhook-secret"
          dir="ltr"
          readOnly
          value={made.secret}
          aria-describedby={`${id}-warning`}
          data-secret
          onFocus={(e) => e.target.select()}
        />
      </div>
      {rotated && until ? (
        <p data-previous-until>{t.t('admin.webhooks.secretPrevious', { date: when(t, until) })}</p>
      ) : null}
      <div className="dialog-actions">
        <ActionButton action="copy-secret" onClick={() => void copy()}>
          {t.t('admin.webhooks.copy')}
        </ActionButton>
        <ActionButton action="secret-saved" tone="primary" onClick={onClose}>
          {t.t('admin.webhooks.done')}
        </ActionButton>
      </div>
    </SiteDialog>
  )
}
