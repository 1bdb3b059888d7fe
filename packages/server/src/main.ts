/**
 * Starts the reference server: opens (and migrates) the database, seeds a new
 * embedded database with demo data, serves the API, the dev sign-in provider and
 * the built pages, and prints where to go.
 */
import { join } from 'node:path'
import { startMailCatcher } from './adapters/mail/catcher.ts'
import { startMailer } from './adapters/mail/mailer.ts'
import { smtpTransport } from './adapters/mail/smtp.ts'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { openStore } from './db/database.ts'
import { startScheduler } from './scheduler.ts'
import { isEmpty, seedDatabase } from './seed/seed.ts'
import { loggerOptions } from './web/plugins/request-log.ts'
import { DEV_MAILBOX_PATH } from './web/routes/dev-mailbox/index.ts'
import { drain } from './web/routes/health/drain.ts'
import { registerSite, type SiteRoots } from './web/site.ts'
import { startWebhookDispatcher } from './webhook-dispatcher.ts'

// The app entry (`@mashura/server`, packages/server/package.json `exports`): what code outside the package
// starts the server with, or builds the app in-process with on a store of its own.
/** Builds the app (not listening) from a configuration and a store. */
export { type App, type AppOptions, buildApp } from './app.ts'
/** Reads and checks the configuration (every environment variable), once, at start-up. */
export { type Config, ConfigError, DEV_API_KEY, DEV_APP_API_KEY, loadConfig } from './config.ts'
/** Opens (and migrates) the database: the embedded SQLite file or PostgreSQL. */
export { openStore, type Store } from './db/database.ts'
/** Fills an empty database with the demo data. */
export { seedDatabase } from './seed/seed.ts'

/** Options for {@link start}. */
export type StartOptions = SiteRoots

/** Starts the server and resolves once it listens; returns a function that stops it. */
export async function start(options: StartOptions = {}) {
  const config = loadConfig()
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteReaders: config.sqliteReaders,
    migrate: config.migrateOnStart ? 'apply' : 'require',
  })
  if (config.development && (await isEmpty(store))) {
    const summary = await seedDatabase(store, { publicUrl: config.publicUrl })
    console.log(`seeded a new database: ${JSON.stringify(summary)}`)
  }
  // Production: pino's JSON on stdout, and nothing else there; development: a readable line each.
  const app = await buildApp({
    config,
    store,
    logger: loggerOptions({ level: config.logLevel, development: config.development }),
  })
  await registerSite(app, config, options)
  // Expires unanswered requests and reminds people of sessions about to start; stops with the app.
  startScheduler(app)
  // Mail leaves through SMTP_URL; in development without one, through a local catcher shown at the mailbox.
  const catcher = config.mail.smtpUrl ? null : await startMailCatcher(config.dataDir)
  startMailer(app, {
    transport: smtpTransport(config.mail.smtpUrl ?? catcher!.url),
    from: config.mail.from,
    pollMs: config.mail.pollMs,
    retryBaseMs: config.mail.retryBaseMs,
  })
  app.addHook('onClose', async () => catcher?.close())
  // Partner webhooks leave from their outbox (issue 36); the WEBHOOKS setting's endpoints are written first.
  await startWebhookDispatcher(app)
  await app.listen({ port: config.port, host: config.host })
  const where = config.publicUrl
  const stop = async () => {
    const outcome = await drain(app, {
      timeoutMs: config.shutdownTimeoutMs,
      graceMs: config.shutdownGraceMs,
      after: () => store.destroy(),
    })
    if (outcome === 'timeout')
      app.log.error(
        { timeoutMs: config.shutdownTimeoutMs },
        'shutdown deadline passed; exiting with work left',
      )
    return outcome
  }
  if (!config.development) {
    // No plain text on stdout in production: one JSON line says where the server listens.
    app.log.info({ url: where, database: store.dialect }, 'Mashura is running')
    return { app, config, store, stop }
  }
  console.log(`Mashura is running at ${where}/`)
  console.log(`  API:          ${where}/api   (X-API-Key: ${config.devApiKey ?? 'see API_KEYS'})`)
  if (options.examplesRoot)
    console.log(`  examples:     ${where}/examples/ (API playground, partner portal, rating page)`)
  console.log(`  API document: ${where}/api/openapi.json`)
  console.log(
    catcher
      ? `  mail:         ${where}${DEV_MAILBOX_PATH} (caught by a local SMTP server; set SMTP_URL to send)`
      : `  mail:         ${config.mail.smtpUrl?.replace(/\/\/[^@/]*@/, '//…@')}`,
  )
  if (config.oidc.dev)
    console.log(`  sign-in:      ${config.oidc.issuer} (development provider, seeded people)`)
  console.log(
    `  database:     ${store.dialect === 'sqlite' ? join(config.dataDir, 'mashura.sqlite') : 'PostgreSQL (DATABASE_URL)'}`,
  )
  return { app, config, store, stop }
}

/**
 * Stops a started server on SIGINT or SIGTERM (systemd and container runtimes send SIGTERM) with its drain and
 * deadline (SHUTDOWN_TIMEOUT_MS), then exits: 0 when everything finished, 1 at the deadline. A second signal
 * exits at once. `npm start` and the release's `server.mjs` both stop this way.
 */
export function stopOnSignals(server: { stop(): Promise<'closed' | 'timeout'> }): void {
  let stopping = false
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (stopping) process.exit(1)
      stopping = true
      const outcome = await server.stop().catch(() => 'timeout' as const)
      process.exit(outcome === 'timeout' ? 1 : 0)
    })
  }
}
