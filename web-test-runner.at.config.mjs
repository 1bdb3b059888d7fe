// The widgets' browser tests as at another moment (scripts/widgets-at.sh): the runner and the reference server
// run under libfaketime, offset by MASHURA_CLOCK_OFFSET_S seconds; Chromium runs on the real clock (libfaketime
// stops it starting), and each test page's `Date` is offset by the same seconds before any of its scripts.
// `performance.now()` and Intl's own reading of the clock are not moved. WIDGETS_AT_FILES narrows the files.
import { playwrightLauncher } from '@web/test-runner-playwright'
import base, { launchOptions } from './web-test-runner.config.mjs'

const offsetMs = Number(process.env.MASHURA_CLOCK_OFFSET_S ?? 0) * 1000
const browserEnv = { ...process.env }
for (const name of ['LD_PRELOAD', 'FAKETIME', 'FAKETIME_DONT_FAKE_MONOTONIC']) delete browserEnv[name]

/** Replaces the page's `Date` with one whose now is `offset` ms from the real one. */
function shiftDate(offset) {
  const Real = Date
  const realNow = Real.now.bind(Real)
  class Shifted extends Real {
    constructor(...args) {
      if (args.length === 0) super(realNow() + offset)
      else super(...args)
    }
    static now() {
      return realNow() + offset
    }
  }
  globalThis.Date = Shifted
}

export default {
  ...base,
  files: process.env.WIDGETS_AT_FILES ? process.env.WIDGETS_AT_FILES.split(',') : base.files,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { ...launchOptions, env: browserEnv },
      createPage: async ({ context }) => {
        const page = await context.newPage()
        await page.addInitScript(shiftDate, offsetMs)
        return page
      },
    }),
  ],
}
