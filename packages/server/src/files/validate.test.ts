import { describe, expect, it } from 'vitest'
import { pdfFile, pngFile, wavFile } from './test-files.ts'
import { audioDurationSeconds, detectAllowedType, displayName } from './validate.ts'

describe('upload validation', () => {
  it('detects types from the bytes, per kind', async () => {
    expect(await detectAllowedType(pdfFile(), 'attachment')).toEqual({ ext: 'pdf', mime: 'application/pdf' })
    expect(await detectAllowedType(pngFile(), 'attachment')).toEqual({ ext: 'png', mime: 'image/png' })
    expect(await detectAllowedType(wavFile(), 'voice_note')).toEqual({ ext: 'wav', mime: 'audio/wav' })
    expect(await detectAllowedType(wavFile(), 'attachment')).toBeNull()
    expect(await detectAllowedType(pdfFile(), 'voice_note')).toBeNull()
    expect(await detectAllowedType(Buffer.from('<html><script>alert(1)</script>'), 'attachment')).toBeNull()
    expect(await detectAllowedType(new Uint8Array(), 'attachment')).toBeNull()
  })

  it("reads a voice note's duration from its container", async () => {
    expect(await audioDurationSeconds(wavFile(1), 'audio/wav')).toBe(1)
    expect(await audioDurationSeconds(wavFile(3), 'audio/wav')).toBe(3)
  })

  it('keeps only the last path part of an original name, without control characters', () => {
    expect(displayName('../../etc/passwd', 'x')).toBe('passwd')
    expect(displayName('C:\\Users\\a\\تقرير.pdf', 'x')).toBe('تقرير.pdf')
    expect(displayName('a\u202Efdp.exe', 'x')).toBe('afdp.exe')
    expect(displayName('..', 'fallback')).toBe('fallback')
    expect(displayName(undefined, 'fallback')).toBe('fallback')
    expect(displayName('x'.repeat(500), 'f')).toHaveLength(200)
  })
})
