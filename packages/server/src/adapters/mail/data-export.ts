/**
 * The mail that tells a person their data export is ready (issue 34): in both languages, Arabic first and right
 * to left, then English, in the layout of every mail of the platform (`compose.ts`). It carries no file and no
 * download link that works alone: its button opens "My data" on the site, where the signed-in person downloads
 * the ZIP. Queued in the transaction that marks the export ready, once per export.
 */
import { formatDateTime, sitePaths, timeZoneLabel } from '@mashura/core'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/tables.ts'
import { type ComposedMail, layout } from './compose.ts'
import { queueMail } from './outbox.ts'

type Db = Kysely<Database> | Transaction<Database>

/** What the mail says. */
export interface DataExportFacts {
  exportId: number
  name: string
  /** When the ZIP is deleted. */
  expiresAt: Date
  /** The site's address: the mail's link, and the host of its `Message-ID`. */
  publicUrl: string
}

/** The mail: subject, plain text and HTML, both languages. */
export function dataExportReadyMail(facts: DataExportFacts): ComposedMail {
  const url = `${facts.publicUrl}${sitePaths.myData.to()}`
  const until = (lang: 'ar' | 'en') => `${formatDateTime(facts.expiresAt, lang)} (${timeZoneLabel(lang)})`
  return layout(
    { ar: 'نسخة بياناتك في مشورة جاهزة', en: 'Your Mashura data export is ready' },
    {
      ar: {
        heading: 'نسخة بياناتك جاهزة للتنزيل',
        paragraphs: [
          `مرحبًا ${facts.name}،`,
          'أعددنا نسخة من كل ما تحفظه مشورة عنك كما طلبت: ملفك، وجلساتك وطلباتك، والمحادثات، والتوصيات، والتقييمات التي قدمتها، وملفاتك، وموافقاتك، ومن اطّلع على بيانات تواصلك.',
          'نزّلها من صفحة «بياناتي» بعد تسجيل الدخول؛ الرابط وحده لا يكفي لتنزيلها.',
        ],
        facts: [['متاحة حتى:', until('ar')]],
        action: { label: 'افتح «بياناتي»', url },
        footnote: 'إن لم تطلب هذه النسخة فأبلغنا. إن لم يعمل الزر فانسخ الرابط:',
      },
      en: {
        heading: 'Your data export is ready to download',
        paragraphs: [
          `Hello ${facts.name},`,
          'As you asked, we prepared a copy of everything Mashura holds about you: your profile, sessions and requests, chats, recommendations, the ratings you gave, your files, your consents, and who read your contact details.',
          'Download it from "My data" once signed in; the link alone does not download it.',
        ],
        facts: [['Available until:', until('en')]],
        action: { label: 'Open "My data"', url },
        footnote: 'If you did not ask for this copy, tell us. If the button does not work, copy the link:',
      },
    },
    [facts.name],
  )
}

/** Queues the mail to `to` (once per export); call it in the transaction that marks the export ready. */
export function queueDataExportReadyMail(
  db: Db,
  to: string,
  facts: DataExportFacts,
  now: Date,
): Promise<boolean> {
  return queueMail(db, {
    kind: 'data_export_ready',
    dedupeKey: `data_export_ready:${facts.exportId}`,
    to,
    mail: dataExportReadyMail(facts),
    link: `${facts.publicUrl}${sitePaths.myData.to()}`,
    domain: new URL(facts.publicUrl).hostname,
    now,
  })
}
