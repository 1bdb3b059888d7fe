import type { Locator } from 'playwright-core'
import { expect } from 'vitest'

/** The seconds a recorder's clock shows (`٠:٠٢` or `0:02`; the hidden ` / 5:00` after it is ignored). */
async function clockSeconds(recorder: Locator): Promise<number> {
  const text = (await recorder.locator('[role="timer"]').textContent()) ?? ''
  // Arabic-Indic digits (U+0660…) to ASCII, then minutes:seconds before the maximum.
  const ascii = text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
  const m = ascii.match(/(\d+):(\d+)/)
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0
}

/**
 * Records at least `seconds` of the fake microphone with a voice recorder (host-app's VoiceRecorder:
 * `data-region="voice-recorder"`) and stops it: it starts recording, then waits until the recorder's own
 * clock shows `seconds`, rather than sleeping a fixed time the recording may not have started in.
 */
export async function recordVoice(recorder: Locator, seconds: number): Promise<void> {
  await recorder.locator('[data-action="record-voice"]').click()
  await recorder.and(recorder.page().locator('[data-state="recording"]')).waitFor({ timeout: 15_000 })
  await expect
    .poll(() => clockSeconds(recorder), { timeout: seconds * 1000 + 15_000, interval: 100 })
    .toBeGreaterThanOrEqual(seconds)
  await recorder.locator('[data-action="stop-voice"]').click()
}
