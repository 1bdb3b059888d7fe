import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import {
  bookingConfirmedMail,
  escapeHtml,
  ratingMail,
  type SessionFacts,
  sessionCancelledMail,
  sessionMovedMail,
  sessionReminderMail,
} from './compose.ts'

const event = {
  // 14:30–15:30 in Riyadh.
  start: new Date('2026-12-03T11:30:00Z'),
  end: new Date('2026-12-03T12:30:00Z'),
  stamp: new Date('2026-11-26T08:00:00Z'),
}

const facts: SessionFacts = {
  sessionId: 12,
  smeName: 'سارة <b>',
  expertName: 'نورة القحطاني',
  subject: { ar: 'التخطيط المالي', en: 'Financial planning' },
  start: event.start,
  end: event.end,
  office: {
    ar: { name: 'مكتب العليا', address: 'طريق الملك فهد' },
    en: { name: 'Olaya Office', address: 'King Fahd Road' },
  },
  sessionUrl: 'https://mashura.test/session/12',
  host: 'mashura.test',
}

describe('the mails', () => {
  it('confirm a booking in Arabic first, then English, with its details and its calendar file', () => {
    const mail = bookingConfirmedMail(facts, event.stamp)
    // Each half in its own direction, and the name set apart inside the English one: a mail program's one-line
    // subject is not scrambled by the Arabic name (issue 31).
    expect(mail.subject).toBe(
      '\u2067تأكيد حجز جلستك مع \u2068نورة القحطاني\u2069\u2069 | \u2066Your session with \u2068نورة القحطاني\u2069 is booked\u2069',
    )
    expect(mail.subject.replace(/[\u2066-\u2069]/g, '')).toBe(
      'تأكيد حجز جلستك مع نورة القحطاني | Your session with نورة القحطاني is booked',
    )
    expect(mail.html.indexOf('lang="ar"')).toBeLessThan(mail.html.indexOf('lang="en"'))
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/)
    // Names from the database are text, never markup.
    expect(mail.html).toContain('سارة &lt;b&gt;')
    expect(mail.html).not.toContain('سارة <b>')
    // Names keep their own direction inside the other language's sentences.
    expect(mail.html).toContain('Hello <bdi>سارة &lt;b&gt;</bdi>,')
    for (const words of ['مكتب العليا، طريق الملك فهد', 'Olaya Office, King Fahd Road', 'Financial planning'])
      expect(mail.text).toContain(words)
    expect(mail.text).toContain('https://mashura.test/session/12')
    expect(mail.text.indexOf('تم تأكيد حجز جلستك')).toBeLessThan(mail.text.indexOf('Your session is booked'))
    // The time, in Riyadh, labelled as such.
    // Compared with the no-break and direction marks the formatter writes as plain spaces.
    const plain = mail.text.replace(/[\u00a0\u202f\u200e\u200f]/g, ' ').replace(/ +/g, ' ')
    expect(plain).toContain('٢:٣٠ م إلى ٣:٣٠ م (بتوقيت السعودية)')
    expect(plain).toContain('Thursday, 3 December 2026, 2:30 pm – 3:30 pm (Saudi Arabia time)')
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: 'mashura-session-12.ics',
        contentType: expect.stringMatching(/^text\/calendar/),
      }),
    ])
    // The calendar file, read back by a calendar library: the session, in Riyadh time, with the UID the
    // booking widget's download gives it.
    const calendar = new ICAL.Component(ICAL.parse(mail.attachments[0]!.content))
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!)
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
    expect(vevent.uid).toBe('session-12@mashura.test')
    expect(vevent.summary).toBe(
      '\u2067جلسة مشورة مع \u2068نورة القحطاني\u2069\u2069 | \u2066Mashura session with \u2068نورة القحطاني\u2069\u2069',
    )
    expect(vevent.location).toBe('مكتب العليا، طريق الملك فهد / Olaya Office, King Fahd Road')
    expect(vevent.startDate.toString()).toBe('2026-12-03T14:30:00')
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(
      'Asia/Riyadh',
    )
    expect(vevent.startDate.toJSDate().toISOString()).toBe(event.start.toISOString())
    expect(vevent.endDate.toJSDate().toISOString()).toBe(event.end.toISOString())
  })

  it('remind of an online session with its page, and ask for a rating with the link', () => {
    const reminder = sessionReminderMail({ ...facts, office: null }, event.stamp)
    expect(reminder.subject).toContain('تذكير بجلستك')
    expect(reminder.text).toContain('Online: join from the session’s page')
    expect(reminder.attachments).toHaveLength(1)
    const rating = ratingMail({
      smeName: 'سارة',
      expertName: 'نورة',
      url: 'https://mashura.test/smeRate?token=a&b',
    })
    expect(rating.subject).toBe('\u2067قيّم جلستك على مشورة\u2069 | \u2066Rate your Mashura session\u2069')
    expect(rating.html).toContain('href="https://mashura.test/smeRate?token=a&amp;b"')
    expect(rating.text).toContain('https://mashura.test/smeRate?token=a&b')
    expect(rating.attachments).toEqual([])
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;')
  })

  it('cancel a booking for both people, in the words of who cancelled it, with a CANCEL of its event (issue 34)', () => {
    const calendar = { sequence: 2, request: false, attendee: { name: 'سارة', email: 'sara@example.sa' } }
    const searchUrl = 'https://mashura.test/contributers/search/%20'
    const reason = { ar: 'انتهى التعاقد <script>', en: 'Contract ended <script>' }
    const toOwner = sessionCancelledMail(facts, event.stamp, {
      to: 'sme',
      by: 'admin',
      reason,
      searchUrl,
      calendar,
    })
    expect(toOwner.subject).toContain('أُلغيت جلستك')
    expect(toOwner.text).toContain('لم يعد هذا الخبير متاحًا')
    expect(toOwner.text.indexOf('السبب: انتهى التعاقد <script>')).toBeLessThan(
      toOwner.text.indexOf('Reason: Contract ended <script>'),
    )
    expect(toOwner.html).not.toContain('<script>')
    expect(toOwner.text).toContain(`ابحث عن خبير: ${searchUrl}`)
    const parsed = new ICAL.Component(ICAL.parse(toOwner.attachments[0]!.content))
    expect(parsed.getFirstPropertyValue('method')).toBe('CANCEL')
    const vevent = parsed.getFirstSubcomponent('vevent')!
    expect(vevent.getFirstPropertyValue('uid')).toBe('session-12@mashura.test')
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2)
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(vevent.getFirstPropertyValue('attendee')).toBe('mailto:sara@example.sa')
    expect(toOwner.attachments[0]!.contentType).toContain('method=CANCEL')

    const toExpert = sessionCancelledMail(facts, event.stamp, {
      to: 'expert',
      by: 'owner',
      reason: null,
      searchUrl,
      calendar: { ...calendar, request: true },
    })
    expect(toExpert.text).toContain('سحب سارة <b> طلب الجلسة معك')
    expect(toExpert.text).toContain('withdrew their request')
    expect(toExpert.attachments[0]!.content).toContain('UID:request-12@mashura.test')
  })

  it('move a booking with the old and new times and a REQUEST of its event at the new time (issue 34)', () => {
    const from = { start: new Date('2026-12-01T08:00:00Z'), end: new Date('2026-12-01T09:00:00Z') }
    const calendar = { sequence: 1, request: false, attendee: { name: 'نورة', email: 'noura@example.sa' } }
    const mail = sessionMovedMail(facts, event.stamp, { to: 'expert', from, calendar })
    expect(mail.text).toContain('الموعد السابق:')
    expect(mail.text.indexOf('نقل سارة <b> الجلسة معك')).toBeLessThan(
      mail.text.indexOf('moved their session'),
    )
    const parsed = new ICAL.Component(ICAL.parse(mail.attachments[0]!.content))
    expect(parsed.getFirstPropertyValue('method')).toBe('REQUEST')
    const vevent = parsed.getFirstSubcomponent('vevent')!
    expect(vevent.getFirstPropertyValue('sequence')).toBe(1)
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
    expect(String(vevent.getFirstPropertyValue('dtstart'))).toBe('2026-12-03T14:30:00')
  })
})
