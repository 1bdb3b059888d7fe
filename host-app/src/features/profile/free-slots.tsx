import {
  deleteSlot,
  formatDateTime,
  formatDateWithHijri,
  formatTime,
  type Slot,
  timeZoneLabel,
} from '@mashura/core'
import { useState } from 'react'
import { DialogActions } from '../../components/ui/dialog-actions.tsx'
import { SiteDialog } from '../../components/ui/site-dialog.tsx'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { showApiError, showSnackbar } from '../../lib/notices.ts'

/** How many free slots show before "show more": the list stays short on a phone. */
const FIRST_SLOTS = 8

/**
 * The contributor's published free slots, with a delete button each when they may delete slots (spec 5);
 * deleting asks for confirmation first and shows the server's message either way.
 */
export function FreeSlots({
  slots,
  canDelete,
  onChanged,
}: {
  slots: Slot[]
  canDelete: boolean
  onChanged: () => void
}) {
  const t = useT()
  const [confirming, setConfirming] = useState<Slot | null>(null)
  const [busy, setBusy] = useState(false)
  const [all, setAll] = useState(false)
  const shown = all ? slots : slots.slice(0, FIRST_SLOTS)
  const when = (slot: Slot) => ({
    date: formatDateWithHijri(slot.start, t.lang),
    time: `${formatTime(slot.start, t.lang)} ${timeZoneLabel(t.lang)}`,
  })

  async function remove(slot: Slot) {
    setBusy(true)
    try {
      const result = await deleteSlot(api, { id: slot.id })
      showSnackbar(
        result.message
          ? { kind: 'success', text: result.message }
          : { kind: 'success', key: 'common.success' },
      )
      setConfirming(null)
      onChanged()
    } catch (error) {
      setConfirming(null)
      showApiError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="own-block" aria-labelledby="own-free-slots" data-region="free-slots">
      <h2 id="own-free-slots">{t.t('profilePage.freeSlots')}</h2>
      {canDelete ? null : (
        <p className="muted" data-region="cannot-delete-slots">
          {t.t('workspace.perm.noDelete')}
        </p>
      )}
      {slots.length === 0 ? (
        <p className="empty-state">{t.t('profilePage.noFreeSlots')}</p>
      ) : (
        <ul className="own-list">
          {shown.map((slot) => (
            <li key={slot.id} className="own-row own-slot" data-slot-id={slot.id}>
              <span>
                {formatDateTime(slot.start, t.lang, { end: slot.end })} {timeZoneLabel(t.lang)}
              </span>
              <span className="muted">
                {t.intl.formatList(
                  [
                    slot.availability === 3
                      ? t.t('profilePage.slotForm.both')
                      : t.t(slot.availability === 2 ? 'communication.online' : 'communication.office'),
                    slot.office?.name ?? '',
                  ].filter(Boolean),
                  { type: 'unit', style: 'short' },
                )}
              </span>
              {canDelete ? (
                <button
                  type="button"
                  className="button own-delete"
                  data-action="delete-slot"
                  onClick={() => setConfirming(slot)}
                >
                  {t.t('profile.deleteSlot')}
                  {/* Which slot, for screen readers; the visible words stay the start of the name (WCAG 2.5.3). */}
                  <span className="visually-hidden">
                    {' '}
                    {when(slot).date} {when(slot).time}
                  </span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {shown.length < slots.length ? (
        <button type="button" className="button own-more" onClick={() => setAll(true)}>
          {t.t('common.showMore')}
        </button>
      ) : null}
      <SiteDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t.t('profile.deleteSlot')}
      >
        {confirming ? <p>{t.t('profilePage.deleteSlotConfirm', when(confirming))}</p> : null}
        <DialogActions
          cancel={{ label: t.t('common.cancel'), onClick: () => setConfirming(null), disabled: busy }}
          confirm={{
            label: t.t('profile.deleteSlot'),
            action: 'confirm-delete-slot',
            disabled: busy,
            onClick: () => confirming && void remove(confirming),
          }}
        />
      </SiteDialog>
    </section>
  )
}
