import type { ChatLastMessage, UserRole } from '@mashura/core'

/**
 * Which side of a conversation the signed-in person is on. An expert (acting role contributor) talks to
 * business owners: the other party's id is a business owner's person id (`user_type` sme). A business owner
 * talks to experts: the other party's id is a contributor id (`user_type` contributor).
 */
export interface ChatSide {
  /** The signed-in person's acting role. */
  role: UserRole
  /** The other party's role, sent as `user_type` / `notifiable_user`. */
  otherRole: UserRole
  /** The expert's contributor id on the expert side (what their messages carry as `user.id`). */
  contributorId: string | null
}

/** The side of the acting role. */
export function chatSide(role: UserRole, contributorId: string | null): ChatSide {
  return role === 'contributor'
    ? { role, otherRole: 'sme', contributorId }
    : { role: 'sme', otherRole: 'contributor', contributorId: null }
}

/**
 * Whether the signed-in person sent a message: an expert's messages carry their contributor id, a business
 * owner's carry `sme:{person id}` (the reference server's convention, `domain/chat.ts`).
 */
export function sentByMe(message: Pick<ChatLastMessage, 'user'>, side: ChatSide): boolean {
  const id = String(message.user?.id ?? '')
  return side.role === 'contributor' ? id === String(side.contributorId) : id.startsWith('sme:')
}

/** Whether a last message's body is the address of a file (voice notes and attachments travel as addresses). */
export function isFileAddress(body: string | null | undefined): boolean {
  return typeof body === 'string' && /^https?:\/\/\S+\/uploader\/files\/\S+$/.test(body.trim())
}
