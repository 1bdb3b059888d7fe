import type { ContributorProfile, Slot } from '@mashura/core'
import { useId } from 'react'
import { useT } from '../../lib/i18n.ts'
import { AddSlotsForm } from './add-slots-form.tsx'
import { CurrentSessions } from './current-sessions.tsx'
import { FreeSlots } from './free-slots.tsx'
import { storedSlotPermissions } from './slot-times.ts'

/**
 * What a contributor sees on their own profile instead of booking: the add-slots form (when they may
 * create slots), their current sessions and their free slots (deletable when they may delete slots).
 * The flags come from the stored login (spec 5), or from the profile when no login is stored.
 */
export function OwnSchedule({
  contributor,
  slots,
  onChanged,
}: {
  contributor: ContributorProfile
  slots: Slot[]
  onChanged: () => void
}) {
  const t = useT()
  const id = useId()
  const permissions = storedSlotPermissions() ?? {
    canCreate: contributor.can_create_slots,
    canDelete: contributor.can_delete_slots,
  }
  return (
    <div className="own-schedule" data-region="own-schedule">
      <p className="own-hint">{t.t('profilePage.ownHint')}</p>
      <div className="own-block card own-week">
        {permissions.canCreate ? (
          <AddSlotsForm contributorId={contributor.id} onCreated={onChanged} />
        ) : (
          <>
            <h2>{t.t('profile.addSlots')}</h2>
            <p className="muted" id={`${id}-no-create`} data-region="cannot-create-slots">
              {t.t('workspace.perm.noCreate')}
            </p>
            {/* The control is there, and says why it is off: the account may not publish slots. */}
            <button
              type="button"
              className="button button-primary"
              data-action="publish-slots"
              disabled
              aria-describedby={`${id}-no-create`}
            >
              {t.t('profilePage.slotForm.submit')}
            </button>
          </>
        )}
      </div>
      <div className="own-grid">
        <div className="own-block card">
          <CurrentSessions />
        </div>
        <div className="own-block card">
          <FreeSlots slots={slots} canDelete={permissions.canDelete} onChanged={onChanged} />
        </div>
      </div>
    </div>
  )
}
