/**
 * The built-in call's end-to-end fixture: a reference server, Vite serving `tests/e2e/pages/webrtc-call.html`
 * (the call component on its own, as `<session-room>` renders it) and Chromium with a fake camera and
 * microphone. Each `open` is a fresh browser context, so two of them are two people on two devices.
 */
import { mkdirSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { createServer, type ViteDevServer } from 'vite'
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.ts'
import { type StartedReferenceServer, startReferenceServer } from '../../support/reference-server.ts'

const root = new URL('../../../', import.meta.url).pathname
/** Where the call tests write their screenshots. */
export const results = `${root}test-results`

/** A signed-in person, as `mashura-sign-in` returns them. */
export interface Person {
  token: string
  personId: number
  name: string
}

/** What the call reported to the page, read by the tests. */
export interface CallLog {
  left: number
  errors: string[]
  sessionEnded: number
}

/** The running fixture. */
export interface CallFixture {
  platform: StartedReferenceServer
  /** Opens the call as `person` in a fresh context; `prepare` runs on the context before the page opens. */
  open(
    person: Person,
    sessionId: number,
    host: boolean,
    lang: 'ar' | 'en',
    prepare?: (context: BrowserContext) => Promise<void>,
  ): Promise<Page>
  /** An ongoing online session on the built-in call, of the seeded consultant with the seeded business owner. */
  ongoingSession(): Promise<number>
  close(): Promise<void>
}

/** Starts the fixture; `env` adds server settings (STUN/TURN, say). */
export async function startCallFixture(env: Record<string, string> = {}): Promise<CallFixture> {
  const platform = await startReferenceServer(env)
  const vite: ViteDevServer = await createServer({
    configFile: false,
    root,
    cacheDir: `${root}.cache/vite-e2e-webrtc`,
    plugins: [react()],
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0, hmr: false },
    optimizeDeps: { include: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom/client'] },
  })
  await vite.listen()
  const address = vite.httpServer?.address()
  if (!address || typeof address === 'string') throw new Error('Vite did not listen')
  const pageBase = `http://127.0.0.1:${address.port}/tests/e2e/pages/webrtc-call.html`
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  })
  mkdirSync(results, { recursive: true })
  const contexts: BrowserContext[] = []
  return {
    platform,
    async open(person, sessionId, host, lang, prepare) {
      const context = await browser.newContext({ viewport: { width: 900, height: 700 } })
      contexts.push(context)
      await prepare?.(context)
      const page = await context.newPage()
      const q = new URLSearchParams({
        apiBase: platform.platform.apiBase,
        apiKey: platform.platform.apiKey,
        token: person.token,
        sessionId: String(sessionId),
        host: host ? '1' : '0',
        name: person.name,
        lang,
      })
      await page.goto(`${pageBase}?${q}`)
      return page
    },
    async ongoingSession() {
      const session = await platform.command<{ id: number }>('mashura-session', {
        expert: 'dev-consultant',
        sme: 'dev-sme',
        startsIn: -2,
        minutes: 60,
        state: 'ongoing',
        meeting_provider: 'webrtc',
        started_at: new Date(Date.now() - 60_000).toISOString(),
      })
      return session.id
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined)
      await browser.close()
      await vite.close()
      await platform.stop()
    },
  }
}

/** The call's state, as its `data-state` says. */
export const callState = (page: Page) => page.locator('.m-call').getAttribute('data-state')

/** What the page's remote `<video>` shows: its size and whether its stream has live tracks. */
export function remoteMedia(page: Page) {
  return page.locator('.m-call-remote').evaluate((video: HTMLVideoElement) => {
    const stream = video.srcObject as MediaStream | null
    return {
      width: video.videoWidth,
      video: stream?.getVideoTracks().filter((t) => t.readyState === 'live').length ?? 0,
      audio: stream?.getAudioTracks().filter((t) => t.readyState === 'live').length ?? 0,
    }
  })
}
