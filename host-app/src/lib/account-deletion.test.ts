import { DELETION_REASON_MAX } from '@mashura/core'
import { describe, expect, it } from 'vitest'
import { DELETION_REASON_ROWS, deletionDialog, deletionReason } from './account-deletion.ts'

describe('account deletion (spec 2, 5)', () => {
  it('requires a reason and cuts it to 300 characters', () => {
    expect(deletionReason('')).toEqual({ value: '', valid: false })
    expect(deletionReason('  \n ')).toMatchObject({ valid: false })
    expect(deletionReason('لم أعد أحتاج الحساب')).toEqual({ value: 'لم أعد أحتاج الحساب', valid: true })
    const long = 'ع'.repeat(301)
    expect(deletionReason(long).value).toHaveLength(300)
    expect(deletionReason('x'.repeat(300)).value).toHaveLength(300)
    // Cuts whole code points: 299 letters then an emoji (2 UTF-16 units) stay intact.
    const withEmoji = `${'a'.repeat(299)}😀😀`
    expect(Array.from(deletionReason(withEmoji).value)).toHaveLength(300)
    expect(deletionReason(withEmoji).value.endsWith('😀')).toBe(true)
    expect(DELETION_REASON_MAX).toBe(300)
    expect(DELETION_REASON_ROWS).toBe(4)
  })

  it('steps closed → confirm → reason → request sent, with No and Cancel closing', () => {
    expect(deletionDialog('closed', 'open')).toBe('confirm')
    expect(deletionDialog('confirm', 'no')).toBe('closed')
    expect(deletionDialog('confirm', 'yes')).toBe('reason')
    expect(deletionDialog('reason', 'cancel')).toBe('closed')
    expect(deletionDialog('reason', 'sent')).toBe('sent')
    expect(deletionDialog('sent', 'close')).toBe('closed')
    // Events that do not apply change nothing.
    expect(deletionDialog('closed', 'yes')).toBe('closed')
    expect(deletionDialog('confirm', 'sent')).toBe('confirm')
    expect(deletionDialog('reason', 'yes')).toBe('reason')
    expect(deletionDialog('sent', 'open')).toBe('sent')
    expect(deletionDialog('confirm', 'close')).toBe('closed')
    expect(deletionDialog('reason', 'close')).toBe('closed')
  })
})
