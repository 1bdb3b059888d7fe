/**
 * Development's mail catcher: a real SMTP server (the npm `smtp-server`) on a loopback port that accepts every
 * mail and keeps it as a `.eml` file in `DATA_DIR/mailbox/`, where the development mailbox page reads it
 * (web/routes/dev-mailbox). `npm start` points the outbox at it when no `SMTP_URL` is set, so a newcomer follows
 * a real mail's rating link. Several instances sharing a data directory share one mailbox.
 */
import { randomBytes } from 'node:crypto'
import { createWriteStream, mkdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'

/** A running catcher. */
export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>` */
  url: string
  /** Where the caught mails are. */
  dir: string
  close(): Promise<void>
}

/** The folder of caught mails in a data directory. */
export const mailboxDir = (dataDir: string) => join(dataDir, 'mailbox')

/** Starts a catcher on `port` (0: any free one) that files mails under `dataDir`. */
export async function startMailCatcher(dataDir: string, port = 0): Promise<MailCatcher> {
  const dir = mailboxDir(dataDir)
  mkdirSync(dir, { recursive: true })
  // Development and tests only: loaded here, so a production start never loads it.
  const { SMTPServer } = await import('smtp-server')
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'Mashura development mail catcher',
    size: 10 * 1024 * 1024,
    onData(stream, _session, callback) {
      // Named so that the names sort by arrival.
      const file = join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`)
      pipeline(stream, createWriteStream(file, { mode: 0o600 })).then(
        () => callback(),
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const { port: bound } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${bound}`,
    dir,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
