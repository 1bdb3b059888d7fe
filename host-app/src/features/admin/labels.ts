import type { AdminMessageKey } from './i18n.ts'

/** The admin flags of an expert, in the order the back office shows them. */
export const EXPERT_FLAGS = [
  'join_now_enabled',
  'chat_status',
  'can_create_slots',
  'can_delete_slots',
] as const
/** An admin flag of an expert. */
export type ExpertFlag = (typeof EXPERT_FLAGS)[number]

/** The label of each admin flag. */
export const FLAG_LABELS: Record<ExpertFlag, AdminMessageKey> = {
  join_now_enabled: 'admin.flag.joinNow',
  chat_status: 'admin.flag.chat',
  can_create_slots: 'admin.flag.createSlots',
  can_delete_slots: 'admin.flag.deleteSlots',
}

/** The session states the reports count, in order. */
export const SESSION_STATES = ['booked', 'ongoing', 'ended', 'cancelled', 'sme_absent'] as const

/** The label of each session state in the reports. */
export const STATE_LABELS: Record<(typeof SESSION_STATES)[number], AdminMessageKey> = {
  booked: 'admin.state.booked',
  ongoing: 'admin.state.ongoing',
  ended: 'admin.state.ended',
  cancelled: 'admin.state.cancelled',
  sme_absent: 'admin.state.smeAbsent',
}
