import { generateKeyPairSync } from 'node:crypto'
import { FirestoreServer } from '@firestore-emulator/server'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { freePort, type NpmStart, startNpm } from './support/npm-start.ts'
import { people } from './support/sign-in.ts'
import { openPage, settled, signedInPage } from './support/site.ts'

/**
 * Issue 16, part 3: the site built for a Firebase deployment (`VITE_FIREBASE_CONFIG`) and the server with a
 * service account, through the README's `npm start`. Google cannot be reached from here, so Firebase's own
 * answers are not part of it (the server's Firebase work is tested against an emulator and stand-ins in
 * packages/server/src/adapters/firebase/firebase.test.ts). What this proves: a visitor's page loads no Firebase code,
 * a signed-in expert's page loads it when the live features start, and the site keeps working when Firebase
 * cannot be reached.
 */
let app: NpmStart
let browser: Browser
let emulator: FirestoreServer

beforeAll(async () => {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  })
  const emulatorPort = await freePort()
  emulator = new FirestoreServer()
  await emulator.start(emulatorPort)
  app = await startNpm({
    FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
      type: 'service_account',
      project_id: 'demo-mashura',
      client_email: 'mashura-server@demo-mashura.iam.gserviceaccount.com',
      private_key: privateKey,
      // Nothing listens here: FCM cannot be reached, as Google cannot from this machine.
      token_uri: `http://127.0.0.1:${await freePort()}/token`,
    }),
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
    VITE_FIREBASE_CONFIG: JSON.stringify({ apiKey: 'demo', projectId: 'demo-mashura', appId: '1:1:web:1' }),
    VITE_FIREBASE_VAPID_KEY: 'demo-web-push-key',
  })
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  emulator?.stop()
})

const firebaseChunk = (url: string) => /\/assets\/firebase-clients-[\w-]+\.js$/.test(url)

describe('the site built for Firebase', () => {
  it('loads no Firebase code for a visitor, loads it for a signed-in expert, and keeps working without Google', async () => {
    const visitor = await openPage(browser, { width: 390 })
    const visitorScripts: string[] = []
    visitor.on('request', (request) => void visitorScripts.push(request.url()))
    await visitor.goto(new URL('/', app.base).href)
    await settled(visitor, 'home')
    expect(visitorScripts.filter(firebaseChunk)).toEqual([])
    await visitor.context().close()

    const requests: string[] = []
    const warnings: string[] = []
    const expert = await signedInPage(browser, app.base, people.consultant, {
      prepare(page) {
        page.on('request', (request) => void requests.push(request.url()))
        page.on('console', (message) => void warnings.push(message.text()))
      },
    })
    // The live features start after sign-in, and load Firebase to do it.
    await expect.poll(() => requests.some(firebaseChunk), { timeout: 20_000 }).toBe(true)
    // It signs in to Firebase with the server's custom token: the call goes to Google, which is out of reach
    // here, so it fails, and the page goes on without the live listeners.
    await expect
      .poll(() => requests.some((url) => url.includes('identitytoolkit.googleapis.com')), { timeout: 30_000 })
      .toBe(true)
    await expert.goto(new URL('/notifications', app.base).href)
    await settled(expert, 'notifications')
    // The page is there, with its push offer (push runs on FCM in this build).
    expect(await expert.locator('h1').first().textContent()).toBe('الإشعارات')
    expect(await expert.locator('[data-region="push"]').count()).toBe(1)
    // Nothing personal reaches the console on the way (analytics included).
    expect(warnings.filter((text) => text.includes(people.consultant.name))).toEqual([])
    await expert.context().close()
  })
})
