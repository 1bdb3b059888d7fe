/**
 * `@mashura/server/testing`: what the repository's end-to-end tests, benchmarks and browser test runs use of
 * the server beyond its app entry (`@mashura/server`): loopback ports, rows a test inserts, tokens, rating
 * links and sign-in hand-offs made directly, a scripted walk through the development sign-in provider, and a
 * realtime socket client. Nothing in production imports it; every name here is the server's own function,
 * re-exported so that code outside the package never reaches into `packages/server/src/`.
 */

/** Keeps a login result under a one-time code, as the sign-in popup does for a widget. */
export { depositHandoff } from './adapters/auth/sign-in-handoff.ts'
/** Signs an API token for a person, as a sign-in does. */
export { issueApiToken } from './adapters/auth/tokens.ts'
/** Reads a ZIP file's entries (the data exports', issue 34), checking each CRC. */
export { readZip } from './adapters/files/zip.ts'
/** Walks through the development sign-in provider as a browser would. */
export { chooseAccount, startSignIn } from './adapters/oidc/test-support.ts'
/** A client of the realtime socket (`/api/realtime`). */
export { openSocket, type RealtimeMessage, type TestSocket } from './adapters/realtime/test-client.ts'
/** The rows of the tables, for typing what a test reads back. */
export type { Row } from './db/tables.ts'
/** Makes a rating link for a session, as ending a session does. */
export { createRatingLink } from './domain/rating.ts'
/** Rows a test inserts: people, slots and sessions. */
export {
  addSession,
  insertContributor,
  insertPerson,
  insertSession,
  insertSlot,
} from './test-support/fixtures.ts'
/** A loopback port nobody listens on, outside the kernel's ephemeral range. */
export { freePort } from './test-support/net.ts'
/** The login result a sign-in answers, for a person. */
export { signInResult } from './web/routes/authentication/index.ts'
