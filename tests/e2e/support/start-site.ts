import { type Browser, chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.ts'
import { type NpmStart, startNpm } from './npm-start.ts'

/** A running `npm start` and the Chromium that visits it: what most end-to-end files start once. */
export interface Site {
  app: NpmStart
  browser: Browser
}

/** Chromium's fake camera and microphone, granted without a prompt (for the call and the voice recorder). */
const fakeMediaArgs = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']

/**
 * Starts `npm start`, then Chromium, with a fake camera and microphone when `fakeMedia` is set. Stops the
 * server again when Chromium does not launch, since the caller then has nothing to stop.
 */
export async function startSite(options: { fakeMedia?: boolean } = {}): Promise<Site> {
  const app = await startNpm()
  try {
    const args = options.fakeMedia ? [...chromiumArgs, ...fakeMediaArgs] : chromiumArgs
    return { app, browser: await chromium.launch({ executablePath: chromiumPath, args }) }
  } catch (error) {
    await app.stop()
    throw error
  }
}

/** Closes Chromium, then stops the server; either is missing when the start failed. */
export async function stopSite(site: Partial<Site>): Promise<void> {
  await site.browser?.close()
  await site.app?.stop()
}
