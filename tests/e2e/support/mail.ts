import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'

/** The first address a mail was sent to. */
export function recipient(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to
  return to?.value[0]?.address ?? ''
}

/**
 * The mails `npm start`'s development catcher received (it files each one it is sent over SMTP in
 * `DATA_DIR/mailbox/`: packages/server/src/adapters/mail/catcher.ts), oldest first, parsed.
 */
export async function caughtMails(dataDir: string): Promise<ParsedMail[]> {
  const dir = join(dataDir, 'mailbox')
  if (!existsSync(dir)) return []
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
  return Promise.all(names.map((name) => simpleParser(readFileSync(join(dir, name)))))
}

/** The rating link of the newest rating mail that reached `address`, as a path with its query; null before one has. */
export async function ratingLinkInMail(dataDir: string, address: string): Promise<string | null> {
  const mails = (await caughtMails(dataDir)).filter(
    (mail) => recipient(mail) === address && /Rate your Mashura session/.test(mail.subject ?? ''),
  )
  const link = mails.at(-1)?.text?.match(/https?:\/\/\S+\/smeRate\?token=[\w-]+/)?.[0]
  if (!link) return null
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}
