/**
 * Mail preferences at the outbox (issue 34): which kind of preference each outbox mail belongs to, whether
 * its recipient turned that kind off, and the line at the end of every mail that can be turned off, linking
 * to the page where it is. `queueMail` asks here for every mail it queues, so one place decides, whoever
 * composed the mail; a mail whose outbox kind has no preference (the booking confirmation, the deletion
 * decision, an expert's invitation) always goes and carries no such line.
 */
import { sitePaths } from '@mashura/core'
import type { MailPreferenceKind } from '@mashura/core/contract'
import type { Kysely, Transaction } from 'kysely'
import { addressTurnedOff } from '../../db/queries/mail-preferences.ts'
import type { Database } from '../../db/tables.ts'
import { escapeHtml } from './compose.ts'

type Db = Kysely<Database> | Transaction<Database>

/**
 * The preference an outbox kind belongs to, or null for a mail that cannot be turned off. A session's
 * cancellation and move mails are every kind starting `session_cancelled` or `session_moved` (one per
 * recipient: `session_cancelled_expert`…).
 */
export function preferenceOfMail(kind: string): MailPreferenceKind | null {
  if (kind === 'session_reminder') return 'session_reminders'
  if (kind === 'rating') return 'rating_requests'
  if (kind === 'expert_booking' || kind === 'expert_request') return 'expert_news'
  if (kind === 'recommendations_reminder') return 'recommendations_reminders'
  if (kind.startsWith('session_cancelled') || kind.startsWith('session_moved')) return 'session_changes'
  return null
}

/** Whether the person at `to` turned the preference of this outbox kind off (never, for a kind without one). */
export async function mailTurnedOff(db: Db, kind: string, to: string): Promise<boolean> {
  const preference = preferenceOfMail(kind)
  return preference !== null && (await addressTurnedOff(db, to, preference))
}

/** The address of the mail-preferences page on the site whose `link` (any page of it) a mail carries. */
export function preferencesUrl(link: string): string {
  return `${new URL(link).origin}${sitePaths.mailPreferences.to()}`
}

const TURN_OFF = {
  ar: 'لا تريد هذه الرسائل؟ أوقفها من صفحة إعدادات البريد:',
  en: 'Don’t want these mails? Turn them off in your mail settings:',
}

/**
 * The mail with the line "turn these mails off" and its link at its end: in the text after both languages,
 * in the HTML as the card's last row (Arabic, then English).
 */
export function withTurnOffLine<T extends { text: string; html: string | null }>(mail: T, url: string): T {
  const text = `${mail.text.trimEnd()}\n\n----------\n\n${TURN_OFF.ar} ${url}\n${TURN_OFF.en} ${url}\n`
  if (mail.html === null) return { ...mail, text }
  const link = `<a href="${escapeHtml(url)}" style="color:#28749c;word-break:break-all">${escapeHtml(url)}</a>`
  const row = `<tr><td style="padding:16px 24px;border-top:1px solid #d5dae2;font-size:13px;line-height:1.6;color:#4f5666">
<p lang="ar" dir="rtl" style="margin:0 0 8px;text-align:right">${escapeHtml(TURN_OFF.ar)} ${link}</p>
<p lang="en" dir="ltr" style="margin:0;text-align:left">${escapeHtml(TURN_OFF.en)} ${link}</p>
</td></tr>
`
  // The card is the inner table: its end is the first `</table>` after the last section.
  const end = mail.html.lastIndexOf('</table>', mail.html.lastIndexOf('</table>') - 1)
  const html =
    end < 0
      ? mail.html.replace('</body>', `${row}</body>`)
      : `${mail.html.slice(0, end)}${row}${mail.html.slice(end)}`
  return { ...mail, text, html }
}
