import '../../lib/more-messages.ts'
import { useT } from '../../lib/i18n.ts'
import { turnOnPush, usePushState } from '../../lib/push.ts'

/**
 * Browser notifications on this device: what state push is in, and a button that turns it on (the person's
 * press is what lets the browser show its permission prompt). Failures show in the snackbar (spec 8).
 */
export function PushCard() {
  const t = useT()
  const state = usePushState()
  const text =
    state === 'on'
      ? 'notificationsPage.push.onText'
      : state === 'listening'
        ? 'notificationsPage.push.listeningText'
        : state === 'working'
          ? 'notificationsPage.push.working'
          : 'notificationsPage.push.offText'
  return (
    <section className="card push-card" data-region="push" data-state={state} aria-labelledby="push-title">
      <div>
        <h2 id="push-title">{t.t('notificationsPage.push.title')}</h2>
        <p className="muted" role="status">
          {t.t(text)}
        </p>
      </div>
      {state === 'on' ? null : (
        <button
          type="button"
          className="button"
          data-action="enable-push"
          disabled={state === 'working'}
          onClick={() => void turnOnPush()}
        >
          {t.t(state === 'listening' ? 'notificationsPage.push.retry' : 'notificationsPage.push.turnOn')}
        </button>
      )}
    </section>
  )
}
