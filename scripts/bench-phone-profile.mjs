// `node scripts/bench-phone-profile.mjs <url>`: a CPU profile of one page load in Chromium with the CPU slowed 4×,
// summed by script and function (self time), and the long tasks the page's own PerformanceObserver saw.
import { chromium } from 'playwright'
import { chromiumArgs, chromiumPath } from './chromium.ts'

const url = process.argv[2]
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
const page = await context.newPage()
const cdp = await context.newCDPSession(page)
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
await cdp.send('Profiler.enable')
await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
await page.addInitScript(() => {
  window.__long = []
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)])
  }).observe({ type: 'longtask', buffered: true })
})
await cdp.send('Profiler.start')
await page.goto(url)
await page.locator('html[data-ready]').waitFor({ state: 'attached' })
await page.waitForTimeout(1500)
const { profile } = await cdp.send('Profiler.stop')
console.log('long tasks', JSON.stringify(await page.evaluate(() => window.__long)))
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const self = new Map()
const dt = profile.timeDeltas
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i])
  const f = n.callFrame
  const key = `${f.url.replace(/.*\//, '')} ${f.functionName || '(anon)'}:${f.lineNumber}`
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0))
}
const byUrl = new Map()
for (const [k, v] of self) byUrl.set(k.split(' ')[0], (byUrl.get(k.split(' ')[0]) ?? 0) + v)
console.log(
  'by script (ms):',
  [...byUrl]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([k, v]) => `${k || '(native)'}=${Math.round(v / 1000)}`)
    .join(' '),
)
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(Math.round(v / 1000), k)
await browser.close()
