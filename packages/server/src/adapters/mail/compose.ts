/**
 * The mails the platform sends a person, each as a subject, a plain-text part, an HTML part and attachments.
 * The recipient's language is not known, so every mail is in both: Arabic first and right to left, then
 * English. The HTML is a single-column table layout with inline styles (what mail programs render), in the
 * agency's colours, with the main action as a button that is also written out as a link; every value from the
 * database is escaped. Booking confirmations and reminders carry the session as an `.ics` file.
 */
import {
  COLORS as BRAND_COLORS,
  type CalendarEvent,
  createIcs,
  formatDateTime,
  type Language,
  timeZoneLabel,
} from '@mashura/core'

/** A file attached to a mail. */
export interface MailAttachment {
  filename: string
  contentType: string
  content: string
}

/** A composed mail, before it is addressed and queued. */
export interface ComposedMail {
  subject: string
  text: string
  html: string
  attachments: MailAttachment[]
}

/** What the booking mails say about a session. */
export interface SessionFacts {
  sessionId: number
  smeName: string
  expertName: string
  subject: Record<Language, string> | null
  start: Date
  end: Date
  /** An office session's office; null for an online one. */
  office: Record<Language, { name: string; address: string }> | null
  /** The session's page on the site. */
  sessionUrl: string
  /** The host the calendar UID is made under: the site's, as the booking widget's download makes it. */
  host: string
}

/** What the rating mail says. */
export interface RatingFacts {
  smeName: string
  expertName: string
  /** The one-time rating link. */
  url: string
}

const COLORS = {
  secondary: BRAND_COLORS.secondary,
  // The primary darkened for text and filled buttons: white on it passes WCAG AA (base.css).
  action: '#28749c',
  text: '#1f2430',
  muted: '#4f5666',
  border: '#d5dae2',
  page: '#f5f7fa',
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** One language's part of a mail. */
interface Section {
  heading: string
  paragraphs: string[]
  /** Label and value rows (the session's details). */
  facts: [string, string][]
  action: { label: string; url: string }
  footnote: string
}

const BRAND: Record<Language, string> = { ar: 'مشورة', en: 'Mashura' }

/**
 * Unicode bidi isolates for one-line texts that mix the two languages (a subject, a calendar summary), where no
 * markup can say which part is which: an Arabic name inside English words otherwise drags its neighbours into
 * its own direction, and the English half is laid out right to left after the Arabic one (issue 31).
 */
const ISOLATE = { rtl: '\u2067', ltr: '\u2066', auto: '\u2068', end: '\u2069' } as const

/** A name (of either script) set apart from the words around it. */
function isolated(name: string): string {
  return `${ISOLATE.auto}${name}${ISOLATE.end}`
}

/** The one-line form of a bilingual text: Arabic first, then English, each in its own direction. */
export function bilingualLine(text: Record<Language, string>): string {
  return `${ISOLATE.rtl}${text.ar}${ISOLATE.end} | ${ISOLATE.ltr}${text.en}${ISOLATE.end}`
}

/**
 * Escapes `text` for HTML and isolates each name in it (`<bdi>`), so that an Arabic name in the English part,
 * or a Latin one in the Arabic part, keeps its own direction and leaves the punctuation around it in place.
 */
function withNames(text: string, names: readonly string[]): string {
  let html = escapeHtml(text)
  for (const name of names
    .filter(Boolean)
    .map(escapeHtml)
    .sort((a, b) => b.length - a.length))
    html = html.split(name).join(`<bdi>${name}</bdi>`)
  return html
}

function htmlSection(lang: Language, section: Section, first: boolean, names: readonly string[]): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr'
  const align = lang === 'ar' ? 'right' : 'left'
  const border = first ? '' : `border-top:1px solid ${COLORS.border};`
  const facts = section.facts.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;border-collapse:collapse">${section.facts
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 0;color:${COLORS.muted};vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 12px;color:${COLORS.text}">${withNames(value, names)}</td></tr>`,
        )
        .join('')}</table>`
    : ''
  return `<tr><td lang="${lang}" dir="${dir}" style="padding:24px;text-align:${align};${border}">
<h1 style="margin:0 0 12px;font-size:20px;line-height:1.4;color:${COLORS.secondary}">${escapeHtml(section.heading)}</h1>
${section.paragraphs.map((p) => `<p style="margin:0 0 12px;font-size:16px;line-height:1.7">${withNames(p, names)}</p>`).join('\n')}
${facts}
<p style="margin:20px 0"><a href="${escapeHtml(section.action.url)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:${COLORS.action};color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(section.action.label)}</a></p>
<p style="margin:0;font-size:13px;line-height:1.6;color:${COLORS.muted}">${escapeHtml(section.footnote)} <a href="${escapeHtml(section.action.url)}" style="color:${COLORS.action};word-break:break-all">${escapeHtml(section.action.url)}</a></p>
</td></tr>`
}

function textSection(section: Section): string {
  return [
    section.heading,
    '',
    ...section.paragraphs,
    ...(section.facts.length ? ['', ...section.facts.map(([label, value]) => `${label} ${value}`)] : []),
    '',
    `${section.action.label}: ${section.action.url}`,
  ].join('\n')
}

/** Lays out both languages' sections as one mail. */
export function layout(
  subject: Record<Language, string>,
  sections: Record<Language, Section>,
  names: readonly string[],
  attachments: MailAttachment[] = [],
): ComposedMail {
  const title = bilingualLine(subject)
  const html = `<!doctype html>
<html lang="ar" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.page};color:${COLORS.text};font-family:'IBM Plex Sans Arabic',Tahoma,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${COLORS.secondary};color:#ffffff;padding:16px 24px;font-size:22px;font-weight:600;text-align:right" dir="rtl">${BRAND.ar} <span lang="en" style="font-size:14px;font-weight:400;opacity:.85">${BRAND.en}</span></td></tr>
${htmlSection('ar', sections.ar, true, names)}
${htmlSection('en', sections.en, false, names)}
</table>
</td></tr></table>
</body>
</html>
`
  const text = `${textSection(sections.ar)}\n\n----------\n\n${textSection(sections.en)}\n`
  return { subject: title, text, html, attachments }
}

/**
 * The session's details, as label and value rows, in one language: the other party first (the expert to the
 * business owner, the business owner to the expert).
 */
function sessionFacts(lang: Language, facts: SessionFacts, to: 'sme' | 'expert' = 'sme'): [string, string][] {
  const ar = lang === 'ar'
  const rows: [string, string][] = [
    to === 'sme'
      ? [ar ? 'الخبير:' : 'Expert:', facts.expertName]
      : [ar ? 'صاحب المنشأة:' : 'Business owner:', facts.smeName],
    [
      ar ? 'الموعد:' : 'When:',
      `${formatDateTime(facts.start, lang, { end: facts.end })} (${timeZoneLabel(lang)})`,
    ],
  ]
  if (facts.subject) rows.push([ar ? 'الموضوع:' : 'Subject:', facts.subject[lang]])
  rows.push(
    facts.office
      ? [
          ar ? 'المكان:' : 'Where:',
          `${facts.office[lang].name}${ar ? '، ' : ', '}${facts.office[lang].address}`,
        ]
      : [
          ar ? 'المكان:' : 'Where:',
          ar ? 'جلسة عن بُعد، تنضم إليها من صفحة الجلسة' : 'Online: join from the session’s page',
        ],
  )
  return rows
}

/**
 * A later revision of a booking's calendar event (issue 34): a cancellation (`CANCEL`) or a move (`REQUEST`
 * with the new times), with the SEQUENCE the change raised it to and the person it goes to as attendee.
 */
export interface CalendarRevision {
  method: 'CANCEL' | 'REQUEST'
  sequence: number
  /** A waiting request's event (`request-<id>@<host>`, tentative), as the booking widget's download makes it. */
  request: boolean
  /** Who the file goes to. */
  attendee: { name: string; email: string }
}

/**
 * The session as a calendar file, made by core's `createIcs` with the UID the booking widget's download uses
 * (`session-<id>@<host>`, `request-<id>@<host>` for a waiting request), so that the mail's file and the
 * download are one event in a calendar. A revision keeps the UID and raises the SEQUENCE, so that the calendar
 * that holds the event updates or removes it.
 */
function sessionCalendar(facts: SessionFacts, now: Date, revision?: CalendarRevision): MailAttachment {
  const kind = revision?.request ? 'request' : 'session'
  const method = revision?.method ?? 'PUBLISH'
  return {
    filename: `mashura-${kind}-${facts.sessionId}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: createIcs(sessionCalendarEvent(facts, now, revision)),
  }
}

/**
 * The session's calendar event as its mails' files hold it: the UID (`session-<id>@<host>`, `request-<id>@<host>`
 * for a waiting request), the bilingual summary, the place and the session's page; a revision adds its METHOD,
 * SEQUENCE, organizer and attendee. The calendar feed (issue 36) writes the same event, so that a subscribed
 * calendar and a mailed file are one event.
 */
export function sessionCalendarEvent(
  facts: SessionFacts,
  now: Date,
  revision?: CalendarRevision,
): CalendarEvent {
  const where = facts.office
    ? `${facts.office.ar.name}، ${facts.office.ar.address} / ${facts.office.en.name}, ${facts.office.en.address}`
    : facts.sessionUrl
  const kind = revision?.request ? 'request' : 'session'
  const method = revision?.method ?? 'PUBLISH'
  return {
    uid: `${kind}-${facts.sessionId}@${facts.host}`,
    stamp: now,
    start: facts.start,
    end: facts.end,
    summary: bilingualLine({
      ar: `جلسة مشورة مع ${isolated(facts.expertName)}`,
      en: `Mashura session with ${isolated(facts.expertName)}`,
    }),
    location: where,
    description: facts.sessionUrl,
    url: facts.sessionUrl,
    ...(revision
      ? {
          method,
          sequence: revision.sequence,
          tentative: revision.request,
          // The platform organises every booking; its mails come from this address's host.
          organizer: { name: 'Mashura', email: `no-reply@${facts.host.replace(/:\d+$/, '')}` },
          attendees: [revision.attendee],
        }
      : {}),
  }
}

/** The business owner's confirmation that a session is booked. */
export function bookingConfirmedMail(facts: SessionFacts, now: Date): ComposedMail {
  return layout(
    {
      ar: `تأكيد حجز جلستك مع ${isolated(facts.expertName)}`,
      en: `Your session with ${isolated(facts.expertName)} is booked`,
    },
    {
      ar: {
        heading: 'تم تأكيد حجز جلستك',
        paragraphs: [
          `مرحبًا ${facts.smeName}،`,
          'حُجزت جلستك، وهذه تفاصيلها. أضفناها في ملف تقويم مرفق لتحفظها في تقويمك.',
        ],
        facts: sessionFacts('ar', facts),
        action: { label: 'عرض الجلسة', url: facts.sessionUrl },
        footnote: 'إن لم يعمل الزر فانسخ هذا الرابط:',
      },
      en: {
        heading: 'Your session is booked',
        paragraphs: [
          `Hello ${facts.smeName},`,
          'Your session is booked; here are its details. The attached calendar file adds it to your calendar.',
        ],
        facts: sessionFacts('en', facts),
        action: { label: 'View the session', url: facts.sessionUrl },
        footnote: 'If the button does not work, copy this link:',
      },
    },
    [facts.smeName, facts.expertName],
    [sessionCalendar(facts, now)],
  )
}

/** The expert's news of a session a business owner booked with them, with its calendar file. */
export function expertBookingMail(facts: SessionFacts, now: Date): ComposedMail {
  return layout(
    {
      ar: `حجز جديد من ${isolated(facts.smeName)}`,
      en: `New booking from ${isolated(facts.smeName)}`,
    },
    {
      ar: {
        heading: 'حُجزت جلسة معك',
        paragraphs: [
          `مرحبًا ${facts.expertName}،`,
          'حجز صاحب منشأة جلسة معك، وهذه تفاصيلها. الملف المرفق يضيفها إلى تقويمك.',
        ],
        facts: sessionFacts('ar', facts, 'expert'),
        action: { label: 'عرض الجلسة', url: facts.sessionUrl },
        footnote: 'إن لم يعمل الزر فانسخ هذا الرابط:',
      },
      en: {
        heading: 'A session was booked with you',
        paragraphs: [
          `Hello ${facts.expertName},`,
          'A business owner booked a session with you; here are its details. The attached file adds it to your calendar.',
        ],
        facts: sessionFacts('en', facts, 'expert'),
        action: { label: 'View the session', url: facts.sessionUrl },
        footnote: 'If the button does not work, copy this link:',
      },
    },
    [facts.smeName, facts.expertName],
    [sessionCalendar(facts, now)],
  )
}

/**
 * The advisor's news of a request to answer: its details and the link to the request, where they accept or
 * reject it (no calendar file: nothing is booked until they accept).
 */
export function expertRequestMail(facts: SessionFacts & { requestUrl: string }): ComposedMail {
  return layout(
    {
      ar: `طلب جلسة جديد من ${isolated(facts.smeName)}`,
      en: `New session request from ${isolated(facts.smeName)}`,
    },
    {
      ar: {
        heading: 'طلب جلسة ينتظر ردّك',
        paragraphs: [
          `مرحبًا ${facts.expertName}،`,
          'طلب صاحب منشأة جلسة معك. اقبله أو ارفضه قبل موعده، وإلا انتهت صلاحيته وأُتيح الموعد لغيره.',
        ],
        facts: sessionFacts('ar', facts, 'expert'),
        action: { label: 'الرد على الطلب', url: facts.requestUrl },
        footnote: 'إن لم يعمل الزر فانسخ هذا الرابط:',
      },
      en: {
        heading: 'A session request awaits your answer',
        paragraphs: [
          `Hello ${facts.expertName},`,
          'A business owner asked for a session with you. Accept or reject it before its time, or it expires and the slot is free again.',
        ],
        facts: sessionFacts('en', facts, 'expert'),
        action: { label: 'Answer the request', url: facts.requestUrl },
        footnote: 'If the button does not work, copy this link:',
      },
    },
    [facts.smeName, facts.expertName],
  )
}

/** The business owner's reminder before a session. */
export function sessionReminderMail(facts: SessionFacts, now: Date): ComposedMail {
  return layout(
    {
      ar: `تذكير بجلستك مع ${isolated(facts.expertName)}`,
      en: `Reminder: your session with ${isolated(facts.expertName)}`,
    },
    {
      ar: {
        heading: 'تذكير بموعد جلستك',
        paragraphs: [
          `مرحبًا ${facts.smeName}،`,
          facts.office
            ? 'نذكّرك بجلستك القادمة. يُرجى الحضور إلى المكتب قبل الموعد ببضع دقائق.'
            : 'نذكّرك بجلستك القادمة. تنضم إليها من صفحة الجلسة عند موعدها.',
        ],
        facts: sessionFacts('ar', facts),
        action: { label: 'عرض الجلسة', url: facts.sessionUrl },
        footnote: 'إن لم يعمل الزر فانسخ هذا الرابط:',
      },
      en: {
        heading: 'Your session is coming up',
        paragraphs: [
          `Hello ${facts.smeName},`,
          facts.office
            ? 'A reminder of your coming session. Please arrive at the office a few minutes early.'
            : 'A reminder of your coming session. Join it from the session’s page when it starts.',
        ],
        facts: sessionFacts('en', facts),
        action: { label: 'View the session', url: facts.sessionUrl },
        footnote: 'If the button does not work, copy this link:',
      },
    },
    [facts.smeName, facts.expertName],
    [sessionCalendar(facts, now)],
  )
}

/** The business owner's invitation to rate an ended session, with its one-time link. */
export function ratingMail(facts: RatingFacts): ComposedMail {
  return layout(
    { ar: 'قيّم جلستك على مشورة', en: 'Rate your Mashura session' },
    {
      ar: {
        heading: 'كيف كانت جلستك؟',
        paragraphs: [
          `مرحبًا ${facts.smeName}،`,
          `شكرًا لحضورك جلستك مع ${facts.expertName}. يسعدنا أن تقيّمها؛ يساعدنا رأيك على تحسين الخدمة.`,
        ],
        facts: [],
        action: { label: 'قيّم الجلسة', url: facts.url },
        footnote: 'الرابط صالح لمدة ٧ أيام ولتقييم واحد. إن لم يعمل الزر فانسخه:',
      },
      en: {
        heading: 'How was your session?',
        paragraphs: [
          `Hello ${facts.smeName},`,
          `Thank you for your session with ${facts.expertName}. Please rate it: your view helps us improve the service.`,
        ],
        facts: [],
        action: { label: 'Rate the session', url: facts.url },
        footnote: 'The link works for 7 days and one rating. If the button does not work, copy it:',
      },
    },
    [facts.smeName, facts.expertName],
  )
}

/** Who cancelled a booking, as the cancellation mails tell it. */
export type CancelledBy = 'expert' | 'owner' | 'admin'

/** What a cancellation or withdrawal mail says besides the session's facts (issue 34). */
export interface CancellationMailInput {
  /** Who the mail goes to: the business owner or the expert. */
  to: 'sme' | 'expert'
  /** Who cancelled it. */
  by: CancelledBy
  /** The reason as given (the cancel reason's label, the details, the back office's words); null: none. */
  reason: Record<Language, string> | null
  /** Where the business owner finds another expert (a cancellation she did not make). */
  searchUrl: string
  /** Its calendar revision (`METHOD:CANCEL`). */
  calendar: Omit<CalendarRevision, 'method'>
}

/** The lines of a cancellation mail, by language: its subject and heading, and what happened. */
function cancellationTexts(facts: SessionFacts, input: CancellationMailInput) {
  const request = input.calendar.request
  const sme = facts.smeName
  const expert = facts.expertName
  if (input.to === 'sme') {
    if (input.by === 'owner')
      return {
        ar: {
          subject: request ? `سحبت طلب جلستك مع ${isolated(expert)}` : `ألغيت جلستك مع ${isolated(expert)}`,
          heading: request ? 'تم سحب طلبك' : 'تم إلغاء جلستك',
          what: request
            ? `تم سحب طلب جلستك مع ${expert} كما طلبت، وأصبح الموعد متاحًا لغيرك.`
            : `تم إلغاء جلستك مع ${expert} كما طلبت، وأصبح موعدها متاحًا لغيرك.`,
        },
        en: {
          subject: request
            ? `You withdrew your request to ${isolated(expert)}`
            : `You cancelled your session with ${isolated(expert)}`,
          heading: request ? 'Your request is withdrawn' : 'Your session is cancelled',
          what: request
            ? `Your session request to ${expert} is withdrawn, as you asked; its slot is free for others.`
            : `Your session with ${expert} is cancelled, as you asked; its slot is free for others.`,
        },
      }
    if (input.by === 'admin')
      return {
        ar: {
          subject: request ? 'أُلغي طلب جلستك' : 'أُلغيت جلستك',
          heading: request ? 'أُلغي طلب جلستك' : 'أُلغيت جلستك',
          what: request
            ? 'نعتذر إليك: لم يعد هذا الخبير متاحًا على مشورة، فأُلغي طلب جلستك معه وأُتيح موعده. يمكنك حجز جلسة مع خبير آخر متى شئت.'
            : 'نعتذر إليك: لم يعد هذا الخبير متاحًا على مشورة، فأُلغيت جلستك معه. يمكنك حجز جلسة مع خبير آخر متى شئت.',
        },
        en: {
          subject: request ? 'Your session request was cancelled' : 'Your session was cancelled',
          heading: request ? 'Your session request was cancelled' : 'Your session was cancelled',
          what: request
            ? 'We are sorry: this expert is no longer available on Mashura, so your request for a session with them was cancelled. You can book a session with another expert whenever you like.'
            : 'We are sorry: this expert is no longer available on Mashura, so your session with them was cancelled. You can book a session with another expert whenever you like.',
        },
      }
    return {
      ar: {
        subject: `ألغى ${isolated(expert)} جلستك`,
        heading: 'أُلغيت جلستك',
        what: `نعتذر إليك: ألغى ${expert} جلستك معه، وأُتيح موعدها. يمكنك حجز جلسة أخرى متى شئت.`,
      },
      en: {
        subject: `${isolated(expert)} cancelled your session`,
        heading: 'Your session was cancelled',
        what: `We are sorry: ${expert} cancelled your session with them. You can book another session whenever you like.`,
      },
    }
  }
  if (input.by === 'owner')
    return {
      ar: {
        subject: request ? `سحب ${isolated(sme)} طلب الجلسة` : `ألغى ${isolated(sme)} الجلسة`,
        heading: request ? 'سُحب طلب جلسة' : 'أُلغيت جلسة معك',
        what: request
          ? `سحب ${sme} طلب الجلسة معك، فلم يعد ينتظر ردّك، وأصبح الموعد متاحًا للحجز من جديد.`
          : `ألغى ${sme} الجلسة معك، وأصبح موعدها متاحًا للحجز من جديد.`,
      },
      en: {
        subject: request
          ? `${isolated(sme)} withdrew their session request`
          : `${isolated(sme)} cancelled their session`,
        heading: request ? 'A session request was withdrawn' : 'A session with you was cancelled',
        what: request
          ? `${sme} withdrew their request for a session with you, so it no longer awaits your answer; its slot can be booked again.`
          : `${sme} cancelled their session with you; its slot can be booked again.`,
      },
    }
  return {
    ar: {
      subject: `أُلغيت جلستك مع ${isolated(sme)}`,
      heading: 'أُلغيت الجلسة',
      what:
        input.by === 'admin'
          ? `أُلغيت جلستك مع ${sme} عند إيقاف حسابك خبيرًا على مشورة.`
          : `تم إلغاء جلستك مع ${sme} كما طلبت، وأُبلغ بذلك.`,
    },
    en: {
      subject: `Your session with ${isolated(sme)} is cancelled`,
      heading: 'The session is cancelled',
      what:
        input.by === 'admin'
          ? `Your session with ${sme} was cancelled when your expert account on Mashura was deactivated.`
          : `Your session with ${sme} is cancelled, as you asked; they have been told.`,
    },
  }
}

/**
 * The mail of a cancelled session or a withdrawn request, to its business owner or its expert (issue 34): what
 * happened, the session's details and the reason, with a calendar file (`METHOD:CANCEL`, the booking's UID, the
 * next SEQUENCE) that takes the event out of the calendar that holds it.
 */
export function sessionCancelledMail(
  facts: SessionFacts,
  now: Date,
  input: CancellationMailInput,
): ComposedMail {
  const texts = cancellationTexts(facts, input)
  const findAnother = input.to === 'sme' && input.by !== 'owner'
  const section = (lang: Language): Section => {
    const ar = lang === 'ar'
    const rows = sessionFacts(lang, facts, input.to)
    if (input.reason) rows.push([ar ? 'السبب:' : 'Reason:', input.reason[lang]])
    return {
      heading: texts[lang].heading,
      paragraphs: [
        `${ar ? 'مرحبًا' : 'Hello'} ${input.to === 'sme' ? facts.smeName : facts.expertName}${ar ? '،' : ','}`,
        texts[lang].what,
        ar
          ? 'الملف المرفق يحذف الموعد من تقويمك إن كنت أضفته.'
          : 'The attached file removes it from your calendar, if you added it.',
      ],
      facts: rows,
      action: findAnother
        ? { label: ar ? 'ابحث عن خبير' : 'Find an expert', url: input.searchUrl }
        : { label: ar ? 'عرض التفاصيل' : 'View the details', url: facts.sessionUrl },
      footnote: ar ? 'إن لم يعمل الزر فانسخ هذا الرابط:' : 'If the button does not work, copy this link:',
    }
  }
  return layout(
    { ar: texts.ar.subject, en: texts.en.subject },
    { ar: section('ar'), en: section('en') },
    [facts.smeName, facts.expertName],
    [sessionCalendar(facts, now, { ...input.calendar, method: 'CANCEL' })],
  )
}

/** What a move mail says besides the session's facts at its new time (issue 34). */
export interface MoveMailInput {
  /** Who the mail goes to: the business owner or the expert. */
  to: 'sme' | 'expert'
  /** The times before the move. */
  from: { start: Date; end: Date }
  /** Its calendar revision (`METHOD:REQUEST` with the new times). */
  calendar: Omit<CalendarRevision, 'method'>
}

/**
 * The mail of a session or waiting request its business owner moved to another slot, to her or to the expert:
 * the old and new times and the rest of its details, with a calendar file (`METHOD:REQUEST`, the booking's UID,
 * the next SEQUENCE, the new times) that moves the event in the calendar that holds it.
 */
export function sessionMovedMail(facts: SessionFacts, now: Date, input: MoveMailInput): ComposedMail {
  const request = input.calendar.request
  const sme = facts.smeName
  const expert = facts.expertName
  const texts = {
    ar:
      input.to === 'sme'
        ? {
            subject: request
              ? `تغيّر موعد طلب جلستك مع ${isolated(expert)}`
              : `تغيّر موعد جلستك مع ${isolated(expert)}`,
            heading: request ? 'تم تغيير موعد طلبك' : 'تم تغيير موعد جلستك',
            what: request
              ? `تم نقل طلب جلستك مع ${expert} إلى موعد جديد كما طلبت، وما زال ينتظر ردّه.`
              : `تم نقل جلستك مع ${expert} إلى موعد جديد كما طلبت.`,
          }
        : {
            subject: request ? `غيّر ${isolated(sme)} موعد طلب الجلسة` : `غيّر ${isolated(sme)} موعد الجلسة`,
            heading: request ? 'تغيّر موعد طلب جلسة' : 'تغيّر موعد جلسة معك',
            what: request
              ? `نقل ${sme} طلب الجلسة معك إلى موعد آخر من مواعيدك، وما زال ينتظر ردّك.`
              : `نقل ${sme} الجلسة معك إلى موعد آخر من مواعيدك، وأصبح الموعد السابق متاحًا.`,
          },
    en:
      input.to === 'sme'
        ? {
            subject: request
              ? `Your request to ${isolated(expert)} is moved`
              : `Your session with ${isolated(expert)} is moved`,
            heading: request ? 'Your request is moved' : 'Your session is moved',
            what: request
              ? `Your session request to ${expert} is moved to a new time, as you asked; it still awaits their answer.`
              : `Your session with ${expert} is moved to a new time, as you asked.`,
          }
        : {
            subject: request
              ? `${isolated(sme)} moved their session request`
              : `${isolated(sme)} moved their session`,
            heading: request ? 'A session request was moved' : 'A session with you was moved',
            what: request
              ? `${sme} moved their session request to another of your slots; it still awaits your answer.`
              : `${sme} moved their session with you to another of your slots; the earlier slot is free again.`,
          },
  }
  const section = (lang: Language): Section => {
    const ar = lang === 'ar'
    const rows = sessionFacts(lang, facts, input.to)
    rows.splice(1, 0, [
      ar ? 'الموعد السابق:' : 'Was:',
      `${formatDateTime(input.from.start, lang, { end: input.from.end })} (${timeZoneLabel(lang)})`,
    ])
    return {
      heading: texts[lang].heading,
      paragraphs: [
        `${ar ? 'مرحبًا' : 'Hello'} ${input.to === 'sme' ? sme : expert}${ar ? '،' : ','}`,
        texts[lang].what,
        ar
          ? 'الملف المرفق ينقل الموعد في تقويمك إن كنت أضفته.'
          : 'The attached file moves it in your calendar, if you added it.',
      ],
      facts: rows,
      action: {
        label: request ? (ar ? 'عرض الطلب' : 'View the request') : ar ? 'عرض الجلسة' : 'View the session',
        url: facts.sessionUrl,
      },
      footnote: ar ? 'إن لم يعمل الزر فانسخ هذا الرابط:' : 'If the button does not work, copy this link:',
    }
  }
  return layout(
    { ar: texts.ar.subject, en: texts.en.subject },
    { ar: section('ar'), en: section('en') },
    [sme, expert],
    [sessionCalendar(facts, now, { ...input.calendar, method: 'REQUEST' })],
  )
}
