import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { checkPdfStreams, PDF_INFLATE_LIMIT, PDF_MAX_OBJECTS } from './structure.ts'
import {
  docxFile,
  gifFile,
  jpegFile,
  mp3File,
  mp4Recording,
  objectStreamPdf,
  oggRecording,
  pdfFile,
  pngFile,
  pngTextChunk,
  wavFile,
  webmClusters,
  webmLiveRecording,
  webmRecording,
  webpFile,
  zipFile,
} from './test-files.ts'
import { detectAllowedType, displayName, inspectUpload, type UploadKind } from './validate.ts'

const cat = (...parts: (Buffer | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)))
const html = '<html><body><script>alert(document.cookie)</script></body></html>'

/** The reason an upload is refused, or the duration of an accepted one ('ok' for an attachment). */
async function verdict(data: Uint8Array, kind: UploadKind): Promise<string | number> {
  const result = await inspectUpload(data, kind)
  if (!result.ok) return result.reason
  return result.duration ?? 'ok'
}

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

  it('accepts real recordings, with their duration counted from their samples or blocks', async () => {
    expect(await verdict(wavFile(1), 'voice_note')).toBe(1)
    expect(await verdict(wavFile(3), 'voice_note')).toBe(3)
    // Chromium's MediaRecorder: WebM states no duration in its header, MP4 states a wrong one.
    expect(await verdict(webmRecording(), 'voice_note')).toBe(1)
    expect(await verdict(webmLiveRecording(), 'voice_note')).toBe(1)
    expect(await verdict(mp4Recording(), 'voice_note')).toBe(1)
    expect(await verdict(oggRecording(), 'voice_note')).toBe(1)
    expect((await inspectUpload(mp4Recording(), 'voice_note')).ok && 'audio/mp4').toBe('audio/mp4')
  })

  it('accepts real images, PDFs and Office files', async () => {
    for (const file of [pngFile(), pngFile(3, 2), jpegFile(), gifFile(), webpFile(), pdfFile(), docxFile()])
      expect(await verdict(file, 'attachment')).toBe('ok')
    // A few bytes of padding after an end marker are tolerated.
    expect(await verdict(cat(pngFile(), Buffer.alloc(4)), 'attachment')).toBe('ok')
    expect(await verdict(cat(pdfFile(), '\r\n\r\n'), 'attachment')).toBe('ok')
    // The PDF the end-to-end tests upload has no cross-reference table; viewers rebuild it, and so does pdf-lib.
    const tiny =
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'
    expect(await verdict(Buffer.from(tiny), 'attachment')).toBe('ok')
  })

  it('refuses a WAV whose RIFF size disagrees with its length, or without fmt and data chunks', async () => {
    const riffOnly = cat('RIFF', Buffer.alloc(4), 'WAVE', 'anything at all, no chunks')
    riffOnly.writeUInt32LE(riffOnly.length - 8, 4)
    expect(await verdict(riffOnly, 'voice_note')).toBe('damaged')
    const junkChunk = Buffer.alloc(12 + 8 + 8)
    junkChunk.write('RIFF', 0, 'latin1')
    junkChunk.writeUInt32LE(20, 4)
    junkChunk.write('WAVEjunk', 8, 'latin1')
    junkChunk.writeUInt32LE(8, 16)
    expect(await verdict(junkChunk, 'voice_note')).toBe('damaged')
    expect(await verdict(cat(wavFile(1), zipFile()), 'voice_note')).toBe('mixed')
    expect(await verdict(cat(wavFile(1), 'trailing bytes'), 'voice_note')).toBe('mixed')
    expect(await verdict(wavFile(1).subarray(0, 4000), 'voice_note')).toBe('damaged')
    const silent = wavFile(1).subarray(0, 44)
    silent.writeUInt32LE(36, 4)
    silent.writeUInt32LE(0, 40)
    expect(await verdict(silent, 'voice_note')).toBe('empty')
  })

  it('refuses a WebM that is only a header, cut short, with data after it, or without audio blocks', async () => {
    const webm = webmRecording()
    expect(await verdict(cat(webm.subarray(0, 40), 'x'.repeat(200)), 'voice_note')).toBe('damaged')
    expect(await verdict(webm.subarray(0, webm.length - 5), 'voice_note')).toBe('damaged')
    expect(await verdict(cat(webm, 'appended bytes'), 'voice_note')).toBe('mixed')
    expect(await verdict(cat(webm, zipFile()), 'voice_note')).toBe('mixed')
    const live = webmLiveRecording()
    expect(await verdict(live.subarray(0, webmClusters(live)[0]), 'voice_note')).toBe('empty')
  })

  it('refuses an Ogg or MP4 recording that is damaged or carries another file', async () => {
    const ogg = Buffer.from(oggRecording())
    expect(await verdict(cat(ogg, html), 'voice_note')).toBe('mixed')
    ogg[ogg.length - 1] = ogg.at(-1)! ^ 0xff
    expect(await verdict(ogg, 'voice_note')).toBe('damaged')
    const mp4 = mp4Recording()
    expect(await verdict(cat(mp4, 'trailing'), 'voice_note')).toBe('damaged')
    expect(await verdict(cat(mp4, zipFile()), 'voice_note')).toBe('mixed')
    expect(await verdict(mp4.subarray(0, mp4.length - 10), 'voice_note')).toBe('damaged')
  })

  it('walks an MP3 frame by frame, tags aside', async () => {
    expect(await verdict(mp3File(100), 'voice_note')).toBe(3)
    expect(await verdict(cat(mp3File(100), 'junk after the frames'), 'voice_note')).toBe('mixed')
    expect(await verdict(mp3File(1), 'voice_note')).toBe('empty')
  })

  it('refuses markup a browser could sniff in the first kilobytes of any file', async () => {
    expect(await verdict(pngFile(1, 1, [pngTextChunk('Comment', html)]), 'attachment')).toBe('mixed')
    expect(
      await verdict(pngFile(1, 1, [pngTextChunk('Comment', '<svg onload=alert(1)>')]), 'attachment'),
    ).toBe('mixed')
    const pdf = pdfFile().toString('latin1').replace('%PDF-1.4\n', `%PDF-1.4\n%${html}\n`)
    expect(await verdict(Buffer.from(pdf, 'latin1'), 'attachment')).toBe('mixed')
    expect(await verdict(cat(wavFile(1).subarray(0, 44), '<script>alert(1)</script>'), 'voice_note')).toBe(
      'mixed',
    )
    // Harmless text is no markup, and Office parts may start with an XML declaration.
    expect(await verdict(pngFile(1, 1, [pngTextChunk('Comment', 'a < b > c, <3')]), 'attachment')).toBe('ok')
    expect(await verdict(docxFile(), 'attachment')).toBe('ok')
  })

  it('refuses images with data after their end marker, a ZIP appended, or a broken structure', async () => {
    expect(await verdict(cat(pngFile(), zipFile()), 'attachment')).toBe('mixed')
    expect(await verdict(cat(pngFile(), 'x'.repeat(64)), 'attachment')).toBe('mixed')
    expect(await verdict(cat(pngFile(), 'PK\x03\x04 rest of an archive'), 'attachment')).toBe('mixed')
    const badCrc = pngFile()
    badCrc[30] = badCrc[30]! ^ 0xff
    expect(await verdict(badCrc, 'attachment')).toBe('damaged')
    expect(await verdict(pngFile().subarray(0, 40), 'attachment')).toBe('damaged')
    expect(await verdict(cat(jpegFile(), zipFile()), 'attachment')).toBe('mixed')
    expect(await verdict(cat(jpegFile(), 'trailing bytes after EOI'), 'attachment')).toBe('mixed')
    expect(await verdict(jpegFile().subarray(0, 300), 'attachment')).toBe('damaged')
    expect(await verdict(cat(gifFile(), html), 'attachment')).toBe('mixed')
    expect(await verdict(gifFile().subarray(0, 30), 'attachment')).toBe('damaged')
    expect(await verdict(cat(webpFile(), 'trailing'), 'attachment')).toBe('mixed')
  })

  it('refuses a PDF with another header first, data after its last %%EOF, or that does not parse', async () => {
    // Another type's header first: the file is that type, and its own end marker gives the PDF away.
    expect(await verdict(cat(gifFile(), pdfFile()), 'attachment')).toBe('mixed')
    expect(await verdict(cat(pngFile(), pdfFile()), 'attachment')).toBe('mixed')
    expect(await verdict(cat('GARBAGE\n', pdfFile()), 'attachment')).toBe('unsupported')
    expect(await verdict(cat(pdfFile(), 'trailing data after the last end of file'), 'attachment')).toBe(
      'mixed',
    )
    expect(await verdict(cat(pdfFile(), zipFile()), 'attachment')).toBe('mixed')
    expect(await verdict(Buffer.from('%PDF-1.7\nnot a PDF at all\n%%EOF\n'), 'attachment')).toBe('damaged')
    const noPages =
      '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n' +
      'trailer <</Root 1 0 R>>\n%%EOF\n'
    expect(await verdict(Buffer.from(noPages), 'attachment')).toBe('damaged')
  })

  it('refuses a PDF whose object stream would inflate past the limit, before pdf-lib inflates it', async () => {
    const bomb = deflateSync(Buffer.alloc(PDF_INFLATE_LIMIT + 1024 * 1024), { level: 9 })
    const objectStream = cat(
      `4 0 obj\n<</Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length}>>\nstream\n`,
      bomb,
      '\nendstream\nendobj\n',
    )
    const pdf = pdfFile().toString('latin1')
    const at = pdf.indexOf('xref\n')
    const bombed = cat(pdf.slice(0, at), objectStream, pdf.slice(at))
    expect(() => checkPdfStreams(bombed)).toThrow(/inflate too far/)
    expect(await verdict(bombed, 'attachment')).toBe('costly')
    // A small object stream is parsed as usual.
    const small = deflateSync(Buffer.from('5 0 <</A 1>>'))
    const fine = cat(
      pdf.slice(0, at),
      `4 0 obj\n<</Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${small.length}>>\nstream\n`,
      small,
      '\nendstream\nendobj\n',
      pdf.slice(at),
    )
    expect(await verdict(fine, 'attachment')).toBe('ok')
  })

  it("refuses the probe's PDF, a few kilobytes whose object stream inflates to 60 MB, before pdf-lib parses it", async () => {
    const hostile = objectStreamPdf(60 * 1024 * 1024)
    expect(hostile.length).toBeLessThan(100 * 1024)
    const started = performance.now()
    expect(await verdict(hostile, 'attachment')).toBe('costly')
    // Inflating stops at the limit: no parse of millions of numbers (that took pdf-lib 13 s).
    expect(performance.now() - started).toBeLessThan(2000)
    // Within its budget the same file parses as a PDF with a page; a smaller budget refuses it.
    expect(await verdict(objectStreamPdf(1024), 'attachment')).toBe('ok')
    expect(
      await inspectUpload(objectStreamPdf(64 * 1024), 'attachment', { pdfBudget: { inflated: 1024 } }),
    ).toEqual({
      ok: false,
      reason: 'costly',
    })
  })

  it('refuses a PDF with more objects than pdf-lib may build, in its body or its object streams, content streams aside', async () => {
    const pdf = pdfFile().toString('latin1')
    const at = pdf.indexOf('xref\n')
    const withObject = (object: string | Buffer) => cat(pdf.slice(0, at), object, pdf.slice(at))
    const zeros = (n: number) => `[${'0 '.repeat(n)}]`
    // In the body: 2 MB of text, a million numbers pdf-lib would build one by one.
    const body = withObject(`4 0 obj\n${zeros(PDF_MAX_OBJECTS)}\nendobj\n`)
    expect(() => checkPdfStreams(body)).toThrow(/too many objects/)
    expect(await verdict(body, 'attachment')).toBe('costly')
    // In an object stream, well within what it may inflate to.
    expect(await verdict(objectStreamPdf(2 * (PDF_MAX_OBJECTS + 1000)), 'attachment')).toBe('costly')
    // A content stream is not parsed by pdf-lib, so it is not counted.
    const content = zeros(PDF_MAX_OBJECTS + 1000)
    const drawn = withObject(
      `4 0 obj\n<</Length ${content.length}>>\nstream\n${content}\nendstream\nendobj\n`,
    )
    expect(checkPdfStreams(drawn).objects).toBeLessThan(200)
    expect(await verdict(drawn, 'attachment')).toBe('ok')
    // Object streams in other filters than Flate inflate without a bound inside pdf-lib.
    const lzw = withObject(
      '4 0 obj\n<</Type /ObjStm /N 1 /First 4 /Filter /LZWDecode /Length 4>>\nstream\nabcd\nendstream\nendobj\n',
    )
    expect(await verdict(lzw, 'attachment')).toBe('costly')
  })

  it('refuses an Office file with data after its ZIP end record', async () => {
    expect(await verdict(cat(docxFile(), html), 'attachment')).toBe('mixed')
  })

  it('parses a PDF near the size limit quickly', async () => {
    const started = performance.now()
    expect(await verdict(pdfFile(10 * 1024 * 1024 - 1), 'attachment')).toBe('ok')
    expect(performance.now() - started).toBeLessThan(5000)
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
