import { describe, expect, it } from 'vitest'
import { INVITATION_PATH, invitationMail, invitationUrl } from './expert-invitation.ts'

const url = invitationUrl('https://mashura.test', 'tok-en_1')

describe('the back office’s mails', () => {
  it('invite in Arabic first, then English, with the kind in the invitee’s gender, the address and the link', () => {
    const mail = invitationMail({
      name: 'ريم <b>',
      email: 'reem@example.sa',
      kind: 'consultant',
      gender: 'female',
      titles: { ar: 'مستشارة ضرائب', en: 'Tax consultant' },
      expiresAt: new Date('2026-12-05T09:00:00Z'),
      url,
    })
    expect(url).toBe(`https://mashura.test${INVITATION_PATH}?token=tok-en_1`)
    expect(mail.subject).toBe(
      '\u2067دعوة للانضمام إلى مشورة خبيرًا\u2069 | \u2066You are invited to join Mashura as an expert\u2069',
    )
    const ar = mail.text.indexOf('مرحبًا ريم <b>،')
    const en = mail.text.indexOf('Hello ريم <b>,')
    expect(ar).toBeGreaterThanOrEqual(0)
    expect(en).toBeGreaterThan(ar)
    expect(mail.text).toContain('مستشارة')
    expect(mail.text).toContain('Consultant')
    expect(mail.text).toContain('reem@example.sa')
    expect(mail.text).toContain(`قبول الدعوة: ${url}`)
    expect(mail.text).toContain(`Accept the invitation: ${url}`)
    // Values are escaped in the HTML; the Arabic part comes first, right to left.
    expect(mail.html).toContain('ريم &lt;b&gt;')
    expect(mail.html).not.toContain('ريم <b>')
    expect(mail.html.indexOf('dir="rtl"')).toBeLessThan(mail.html.indexOf('lang="en" dir="ltr"'))
    expect(mail.html).toContain(`href="${url}"`)
    expect(mail.attachments).toEqual([])
  })

  it('greet without a name when the admin gave none, and name the masculine kind by default', () => {
    const mail = invitationMail({
      name: null,
      email: 'x@example.sa',
      kind: 'advisor',
      gender: null,
      titles: { ar: 'مرشد', en: 'Advisor' },
      expiresAt: new Date('2026-12-05T09:00:00Z'),
      url,
    })
    expect(mail.text).toContain('مرحبًا،')
    expect(mail.text).toContain('الصفة: مرشد')
  })
})
