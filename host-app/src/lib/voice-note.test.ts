import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { signInAs } from '../test-support/platform.ts'
import { wavTone } from '../test-support/wav.ts'
import { $errorNotice, hideErrorNotice } from './notices.ts'
import { uploadVoiceNote, voiceNoteErrorShown } from './voice-note.ts'

beforeAll(() => signInAs('dev-advisor'))

afterEach(() => {
  hideErrorNotice()
  vi.restoreAllMocks()
})

describe('uploadVoiceNote', () => {
  it('hides voice-note 500 messages', () => {
    expect(voiceNoteErrorShown(500)).toBe(false)
    expect(voiceNoteErrorShown(413)).toBe(true)
    expect(voiceNoteErrorShown(0)).toBe(true)
  })

  it("stores a recording and answers the server's count of its seconds", async () => {
    const uploaded = await uploadVoiceNote(wavTone(2.4), 99)
    expect(uploaded).toMatchObject({
      duration: 3,
      file: { name: 'voice-note.wav', mime_type: 'audio/wav', path: expect.any(String) },
    })
  })

  it('names the file after the recording’s type; the server judges the bytes', async () => {
    const ogg = new Blob([await wavTone(1).arrayBuffer()], { type: 'audio/ogg;codecs=opus' })
    expect((await uploadVoiceNote(ogg, 1))?.file).toMatchObject({
      name: 'voice-note.ogg',
      mime_type: 'audio/wav',
    })
    const unknown = new Blob([await wavTone(1).arrayBuffer()], { type: '' })
    expect((await uploadVoiceNote(unknown, 1))?.file.name).toBe('voice-note.webm')
  })

  it("answers null for a recording the server refuses and shows the server's reason", async () => {
    const notSound = new Blob([new Uint8Array(64).fill(7)], { type: 'audio/webm' })
    expect(await uploadVoiceNote(notSound, 3)).toBeNull()
    expect($errorNotice.get()).toMatchObject({ kind: 'error', text: expect.any(String) })
  })

  it('shows a failure without a response too (the network is not a 500)', async () => {
    // No answer at all (the connection dropped): the browser's fetch rejects.
    const offline = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    expect(await uploadVoiceNote(wavTone(1), 1)).toBeNull()
    expect(offline).toHaveBeenCalled()
    expect($errorNotice.get()).toMatchObject({ kind: 'error' })
  })
})
