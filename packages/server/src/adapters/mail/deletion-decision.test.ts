import { describe, expect, it } from 'vitest'
import { deletionDecisionMail } from './deletion-decision.ts'

const facts = {
  requestId: 7,
  name: 'سارة',
  reason: 'لديك جلسات قائمة <b>&</b>',
  publicUrl: 'https://mashura.example.sa',
} as const

describe('the deletion decision mail', () => {
  it('says the decision and the reason, Arabic first, then English', () => {
    const mail = deletionDecisionMail({ ...facts, decision: 'rejected' })
    expect(mail.text.indexOf('رُفض طلب حذف حسابك')).toBeGreaterThanOrEqual(0)
    expect(mail.text.indexOf('رُفض')).toBeLessThan(mail.text.indexOf('refused'))
    expect(mail.text).toContain('Reason: لديك جلسات قائمة <b>&</b>')
    expect(mail.subject).toContain('رفض طلب حذف الحساب')
    expect(mail.subject).toContain('Account deletion refused')
    const approved = deletionDecisionMail({ ...facts, decision: 'approved' })
    expect(approved.text).toContain('قُبل طلب حذف حسابك')
    expect(approved.text).toContain('approved')
  })

  it('escapes what the admin wrote in the HTML part', () => {
    const { html } = deletionDecisionMail({ ...facts, decision: 'rejected' })
    expect(html).toContain('&lt;b&gt;&amp;&lt;/b&gt;')
    expect(html).not.toContain('<b>&</b>')
    expect(html.indexOf('lang="ar"')).toBeLessThan(html.indexOf('lang="en"'))
  })
})
