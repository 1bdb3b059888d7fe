import { $instantAvailability, setAvailableForInstant, setInstantAvailability } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { useId, useState } from 'react'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { showApiError } from '../../lib/notices.ts'

/**
 * The expert's instant-sessions switch (spec sections 2, 4, 5): the new value is shown and sent at once; a
 * failure puts the old value back and shows the server's message.
 */
export function InstantToggle() {
  const t = useT()
  const { available } = useStore($instantAvailability)
  const [busy, setBusy] = useState(false)
  const helperId = useId()
  const inputId = useId()
  const change = async (value: boolean) => {
    setBusy(true)
    try {
      await setInstantAvailability(value, (next) =>
        setAvailableForInstant(api, { available_for_instant: next }),
      )
    } catch (error) {
      showApiError(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="instant-toggle">
      <label htmlFor={inputId} className="instant-toggle-label">
        <span>{t.t('profileMenu.instantSessions')}</span>
        <input
          id={inputId}
          type="checkbox"
          role="switch"
          className="switch"
          data-profile-item="instant"
          checked={available}
          aria-checked={available}
          aria-describedby={helperId}
          aria-busy={busy}
          onChange={(event) => void change(event.target.checked)}
        />
      </label>
      <p id={helperId} className="instant-toggle-helper" data-field="instant-helper" aria-live="polite">
        {t.t(available ? 'profileMenu.instantSessionsEnabled' : 'profileMenu.instantSessionsDisabled')}
      </p>
    </div>
  )
}
