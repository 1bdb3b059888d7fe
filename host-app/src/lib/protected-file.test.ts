import { clearSession } from '@mashura/core/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signInAs } from '../test-support/platform.ts'
import { renderHook } from '../test-support/render-hook.tsx'
import { wavTone } from '../test-support/wav.ts'
import { fetchProtectedFile, useProtectedFileUrl } from './protected-file.ts'
import { uploadVoiceNote } from './voice-note.ts'

afterEach(() => vi.restoreAllMocks())

/** Uploads a voice note and answers its address on this site (the API shares the site's origin). */
async function uploadedNote(recording: Blob): Promise<string> {
  const uploaded = await uploadVoiceNote(recording, 1)
  if (!uploaded) throw new Error('the voice note was not stored')
  return new URL(uploaded.file.full_path).pathname
}

describe('protected files', () => {
  it('fetches an uploaded file with the key and the session, and shows it from an object URL', async () => {
    await signInAs('dev-advisor')
    const recording = wavTone(1.2)
    const url = await uploadedNote(recording)
    expect((await fetchProtectedFile(url)).size).toBe(recording.size)

    const hook = await renderHook((address: string | null) => useProtectedFileUrl(address), url)
    await vi.waitFor(() => expect(hook.current.src).toMatch(/^blob:/), { timeout: 10_000 })
    const src = hook.current.src!
    expect((await (await fetch(src)).blob()).size).toBe(recording.size)
    // The object URL goes with the component.
    await hook.unmount()
    await expect(fetch(src)).rejects.toThrow()
  })

  it('fails, logged, without the session', async () => {
    await signInAs('dev-advisor')
    const url = await uploadedNote(wavTone(1))
    clearSession()
    await expect(fetchProtectedFile(url)).rejects.toThrow(/: 40[13]$/)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const hook = await renderHook((address: string | null) => useProtectedFileUrl(address), url)
    await vi.waitFor(() => expect(hook.current).toEqual({ src: null, failed: true }), { timeout: 10_000 })
    expect(logged).toHaveBeenCalledTimes(1)
    await hook.rerender(null)
    await hook.unmount()
  })
})
