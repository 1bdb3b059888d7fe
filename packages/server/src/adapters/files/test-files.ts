/**
 * Small real files of every accepted container, the recordings and images Chromium made (under
 * `fixtures/`), polyglot builders, and a multipart body builder, for upload tests.
 */
import { readFileSync } from 'node:fs'
import { crc32, deflateSync } from 'node:zlib'

/** A WAV file: 8 kHz mono 16-bit PCM of a 440 Hz tone lasting `seconds`. */
export function wavFile(seconds = 1): Buffer {
  const rate = 8000
  const data = rate * 2 * seconds
  const b = Buffer.alloc(44 + data)
  b.write('RIFF', 0, 'ascii')
  b.writeUInt32LE(36 + data, 4)
  b.write('WAVE', 8, 'ascii')
  b.write('fmt ', 12, 'ascii')
  b.writeUInt32LE(16, 16)
  b.writeUInt16LE(1, 20) // PCM
  b.writeUInt16LE(1, 22) // mono
  b.writeUInt32LE(rate, 24)
  b.writeUInt32LE(rate * 2, 28) // byte rate
  b.writeUInt16LE(2, 32) // block align
  b.writeUInt16LE(16, 34) // bits per sample
  b.write('data', 36, 'ascii')
  b.writeUInt32LE(data, 40)
  for (let i = 0; i < data / 2; i++)
    b.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2)
  return b
}

/**
 * A one-page PDF with a cross-reference table whose offsets are right, padded with a comment line
 * before its objects to `size` bytes when given.
 */
export function pdfFile(size?: number): Buffer {
  const objects = [
    '<</Type /Catalog /Pages 2 0 R>>',
    '<</Type /Pages /Kids [3 0 R] /Count 1>>',
    '<</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>>',
  ]
  const build = (padding: number) => {
    let out = `%PDF-1.4\n%\xe2\xe3\xcf\xd3\n${padding > 0 ? `%${'x'.repeat(padding)}\n` : ''}`
    const offsets: number[] = []
    objects.forEach((body, i) => {
      offsets.push(Buffer.byteLength(out, 'latin1'))
      out += `${i + 1} 0 obj\n${body}\nendobj\n`
    })
    const xref = Buffer.byteLength(out, 'latin1')
    out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
    for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`
    out += `trailer\n<</Size ${objects.length + 1} /Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`
    return Buffer.from(out, 'latin1')
  }
  const plain = build(0)
  if (size === undefined || size <= plain.length + 2) return plain
  return build(size - plain.length - 2)
}

/**
 * A hostile one-page PDF (issue 30's probe): its catalog, page tree and page live in an object stream with a
 * fourth object, an array of `inflated` bytes of zeros, so that a file of a few kilobytes inflates to
 * `inflated` bytes and makes pdf-lib build millions of numbers. It parses as a PDF with a page.
 */
export function objectStreamPdf(inflated: number): Buffer {
  const bodies = [
    '<</Type /Catalog /Pages 2 0 R>>',
    '<</Type /Pages /Kids [3 0 R] /Count 1>>',
    '<</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>>',
    `[${'0 '.repeat(Math.floor(inflated / 2))}]`,
  ]
  let header = ''
  let offset = 0
  for (const [i, body] of bodies.entries()) {
    header += `${i + 1} ${offset} `
    offset += body.length + 1
  }
  const stream = deflateSync(Buffer.from(header + bodies.join('\n'), 'latin1'), { level: 9 })
  const head = '%PDF-1.5\n%\xe2\xe3\xcf\xd3\n'
  const object = Buffer.concat([
    Buffer.from(
      `${head}5 0 obj\n<</Type /ObjStm /N 4 /First ${header.length} /Filter /FlateDecode /Length ${stream.length}>>\nstream\n`,
      'latin1',
    ),
    stream,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ])
  const free = '0000000000 65535 f \n'
  const xref =
    `xref\n0 6\n${free.repeat(5)}${String(Buffer.byteLength(head, 'latin1')).padStart(10, '0')} 00000 n \n` +
    `trailer\n<</Size 6 /Root 1 0 R>>\nstartxref\n${object.length}\n%%EOF\n`
  return Buffer.concat([object, Buffer.from(xref, 'latin1')])
}

/** One PNG chunk with its CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const out = Buffer.alloc(body.length + 8)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), body.length + 4)
  return out
}

/** An 8-bit RGB PNG of `width`×`height` in the brand blue, with right CRCs; `extra` chunks go before IDAT. */
export function pngFile(width = 1, height = 1, extra: Buffer[] = []): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from('3084b2'.repeat(width), 'hex')])
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    ...extra,
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A PNG text chunk, for hiding things inside a valid PNG. */
export function pngTextChunk(keyword: string, text: string): Buffer {
  return pngChunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1'))
}

/** A 1×1 GIF89a: one image and its trailer. */
export function gifFile(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
}

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url))

/** A 2×2 JPEG Chromium's canvas encoded. */
export function jpegFile(): Buffer {
  return fixture('chromium-canvas.jpg')
}

/** A 2×2 WebP Chromium's canvas encoded. */
export function webpFile(): Buffer {
  return fixture('chromium-canvas.webp')
}

/** A quarter-second voice note Chromium's MediaRecorder recorded (audio/webm;codecs=opus, fake microphone). */
export function webmRecording(): Buffer {
  return fixture('chromium-recording.webm')
}

/** The same kind of recording in audio/mp4 (fragmented MP4, as Chromium and Safari record it). */
export function mp4Recording(): Buffer {
  return fixture('chromium-recording.m4a')
}

/** Where a Chromium WebM recording's clusters start, found by walking its segment's children. */
export function webmClusters(b: Buffer): number[] {
  const out: number[] = []
  // Chromium writes the segment's children with 4-byte ids (1 byte for Void) and 1- or 8-byte sizes.
  let at = b.indexOf(Buffer.from('18538067', 'hex')) + 12
  while (at + 2 <= b.length) {
    const idLength = b[at] === 0xec ? 1 : 4
    if (idLength === 4 && b.readUInt32BE(at) === 0x1f43b675) out.push(at)
    const lead = b[at + idLength]!
    const eight = lead === 0x01
    const field = eight ? b.readBigUInt64BE(at + idLength) & 0xffffffffffffffn : BigInt(lead & 0x7f)
    // An unknown size (a live cluster) runs to the next cluster: look for its id.
    if (eight && field === 0xffffffffffffffn) {
      const next = b.indexOf(Buffer.from('1f43b675', 'hex'), at + 1)
      if (next === -1) break
      at = next
      continue
    }
    at += idLength + (eight ? 8 : 1) + Number(field)
  }
  return out
}

/** The WebM recording as older Chromium versions stream it: segment and clusters of unknown size. */
export function webmLiveRecording(): Buffer {
  const b = Buffer.from(webmRecording())
  // Chromium writes these sizes as 8-byte fields, which "unknown" fills exactly.
  for (const at of [b.indexOf(Buffer.from('18538067', 'hex')), ...webmClusters(b)])
    Buffer.from('01ffffffffffffff', 'hex').copy(b, at + 4)
  return b
}

/** The Opus packets of the WebM recording: its SimpleBlocks' payloads (one track, no lacing). */
function opusPackets(): Buffer[] {
  const b = webmRecording()
  const packets: Buffer[] = []
  for (let at = b.indexOf(0xa3); at !== -1; at = b.indexOf(0xa3, at + 1)) {
    // A SimpleBlock with a one-byte size, track 1: a3 8X 81 tt tt ff payload.
    if ((b[at + 1]! & 0x80) === 0 || b[at + 2] !== 0x81) continue
    const size = b[at + 1]! & 0x7f
    packets.push(b.subarray(at + 6, at + 2 + size))
    at += 1 + size
  }
  return packets
}

const OGG_TABLE = Array.from({ length: 256 }, (_, i) => {
  let r = i << 24
  for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1
  return r >>> 0
})

/** One Ogg page holding one packet. */
function oggPage(packet: Buffer, flags: number, granule: bigint, sequence: number): Buffer {
  const lacing = [...Array(Math.floor(packet.length / 255)).fill(255), packet.length % 255]
  const page = Buffer.alloc(27 + lacing.length + packet.length)
  page.write('OggS', 0, 'latin1')
  page[5] = flags
  page.writeBigInt64LE(granule, 6)
  page.writeUInt32LE(0x4d534852, 14) // serial
  page.writeUInt32LE(sequence, 18)
  page[26] = lacing.length
  Buffer.from(lacing).copy(page, 27)
  packet.copy(page, 27 + lacing.length)
  let crc = 0
  for (const byte of page) crc = ((crc << 8) ^ OGG_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0
  page.writeUInt32LE(crc, 22)
  return page
}

/** The samples at 48 kHz one Opus packet holds, from its TOC byte (RFC 6716 section 3.1). */
function opusSamples(packet: Buffer): number {
  const config = packet[0]! >> 3
  const frame =
    config < 12
      ? [480, 960, 1920, 2880][config % 4]!
      : config < 16
        ? [480, 960][config % 2]!
        : [120, 240, 480, 960][config % 4]!
  const code = packet[0]! & 0x03
  return frame * (code === 0 ? 1 : code === 3 ? packet[1]! & 0x3f : 2)
}

/** An Ogg Opus file holding the WebM recording's packets, as Firefox's MediaRecorder records. */
export function oggRecording(): Buffer {
  const head = Buffer.alloc(19)
  head.write('OpusHead', 0, 'latin1')
  head[8] = 1 // version
  head[9] = 1 // mono
  head.writeUInt16LE(312, 10) // pre-skip
  head.writeUInt32LE(48000, 12)
  const tags = Buffer.concat([
    Buffer.from('OpusTags'),
    Buffer.from([7, 0, 0, 0]),
    Buffer.from('mashura'),
    Buffer.alloc(4),
  ])
  const packets = opusPackets()
  let granule = 0n
  const pages = [oggPage(head, 0x02, 0n, 0), oggPage(tags, 0, 0n, 1)]
  packets.forEach((p, i) => {
    granule += BigInt(opusSamples(p))
    pages.push(oggPage(p, i === packets.length - 1 ? 0x04 : 0, granule, i + 2))
  })
  return Buffer.concat(pages)
}

/**
 * An MP3 of `frames` MPEG-1 layer III frames (128 kbit/s, 44.1 kHz, 1,152 samples each) with silent
 * payloads, after an ID3v2 tag and before an ID3v1 tag; the structure is real, the sound is nothing.
 */
export function mp3File(frames = 100): Buffer {
  const frame = Buffer.alloc(417)
  frame.writeUInt32BE(0xfffb9000, 0)
  const id3v2 = Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\x0a', 'latin1'), Buffer.alloc(10)])
  const id3v1 = Buffer.concat([Buffer.from('TAG', 'latin1'), Buffer.alloc(125)])
  return Buffer.concat([id3v2, ...Array.from({ length: frames }, () => frame), id3v1])
}

/** A stored (uncompressed) ZIP archive of the given files, as appended to images and PDFs in polyglots. */
export function zipFile(
  files: Record<string, string> = { 'payload.html': '<script>alert(1)</script>' },
): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content)
    const fileName = Buffer.from(name)
    const crc = crc32(data)
    // The local header and the central directory entry share one run of fields: CRC-32, the two sizes
    // (stored, so equal) and the name's length.
    const entryFields = (header: Buffer, at: number) => {
      header.writeUInt32LE(crc, at)
      header.writeUInt32LE(data.length, at + 4)
      header.writeUInt32LE(data.length, at + 8)
      header.writeUInt16LE(fileName.length, at + 12)
    }
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(10, 4)
    entryFields(local, 14)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(10, 6)
    entryFields(central, 16)
    central.writeUInt32LE(offset, 42)
    locals.push(local, fileName, data)
    centrals.push(central, fileName)
    offset += local.length + fileName.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(files).length, 8)
  end.writeUInt16LE(Object.keys(files).length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

/** A minimal Word document: a ZIP with its content types and one paragraph, stored uncompressed. */
export function docxFile(): Buffer {
  return zipFile({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>خطة العمل</w:t></w:r></w:p></w:body></w:document>',
  })
}

/** One part of a multipart body. */
export interface Part {
  field: string
  filename?: string
  contentType?: string
  data: Buffer | string
}

/** A part's Content-Disposition value: its field, and its file name when it is a file. */
export function partDisposition(part: Pick<Part, 'field' | 'filename'>): string {
  return part.filename === undefined
    ? `form-data; name="${part.field}"`
    : `form-data; name="${part.field}"; filename="${part.filename}"`
}

/** A multipart/form-data body and its Content-Type header. */
export function multipartBody(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mashura${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    const disposition = partDisposition(p)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (p.filename === undefined
            ? ''
            : `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n`) +
          '\r\n',
      ),
    )
    chunks.push(typeof p.data === 'string' ? Buffer.from(p.data) : p.data)
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/**
 * A JPEG as a phone writes it (the 2×2 canvas JPEG with what a camera adds): an EXIF block with the camera's
 * make, the orientation 6 (turn 90° clockwise) and a GPS position (24°42′N, 46°40′E: Riyadh), an XMP block
 * and a comment. Every marker of it is findable as text: `PhoneMaker`, `GPS-MARK`, `xmpmeta`, `secret note`.
 */
export function jpegWithGps(): Buffer {
  const entry = (tag: number, type: number, count: number, value: Buffer) => {
    const out = Buffer.alloc(12)
    out.writeUInt16LE(tag, 0)
    out.writeUInt16LE(type, 2)
    out.writeUInt32LE(count, 4)
    value.copy(out, 8)
    return out
  }
  const u32 = (n: number) => {
    const b = Buffer.alloc(4)
    b.writeUInt32LE(n)
    return b
  }
  // TIFF: header (8), IFD0 at 8 with 3 entries (2 + 36 + 4 = 42) → data from 50.
  const make = Buffer.from('PhoneMaker\0', 'latin1')
  const makeAt = 50
  const gpsAt = makeAt + make.length + (make.length & 1)
  const ifd0 = Buffer.concat([
    Buffer.from([3, 0]),
    entry(0x010f, 2, make.length, u32(makeAt)),
    entry(0x0112, 3, 1, Buffer.from([6, 0, 0, 0])),
    entry(0x8825, 4, 1, u32(gpsAt)),
    u32(0),
  ])
  // GPS IFD: latitude ref, latitude (3 rationals), a marker string; data after it.
  const gpsDataAt = gpsAt + 2 + 3 * 12 + 4
  const rationals = Buffer.alloc(24)
  for (const [i, v] of [24, 42, 0].entries()) {
    rationals.writeUInt32LE(v, i * 8)
    rationals.writeUInt32LE(1, i * 8 + 4)
  }
  const marker = Buffer.from('GPS-MARK\0\0', 'latin1')
  const gps = Buffer.concat([
    Buffer.from([3, 0]),
    entry(0x0001, 2, 2, Buffer.from('N\0\0\0', 'latin1')),
    entry(0x0002, 5, 3, u32(gpsDataAt)),
    entry(0x001b, 7, marker.length, u32(gpsDataAt + rationals.length)),
    u32(0),
    rationals,
    marker,
  ])
  const tiff = Buffer.concat([
    Buffer.from('II*\0', 'latin1'),
    u32(8),
    ifd0,
    make,
    Buffer.alloc(make.length & 1),
    gps,
  ])
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0])
    head.writeUInt16BE(body.length + 2, 2)
    return Buffer.concat([head, body])
  }
  const jpeg = jpegFile()
  return Buffer.concat([
    jpeg.subarray(0, 2),
    segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])),
    segment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>GPS-MARK</x:xmpmeta>', 'latin1')),
    segment(0xfe, Buffer.from('secret note', 'latin1')),
    jpeg.subarray(2),
  ])
}

/** The 2×2 canvas WebP with an EXIF chunk (flagged in its VP8X) holding `GPS-MARK`, and an XMP chunk. */
export function webpWithExif(): Buffer {
  const webp = Buffer.from(webpFile())
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 'latin1')
    head.writeUInt32LE(body.length, 4)
    return Buffer.concat([head, body, Buffer.alloc(body.length & 1)])
  }
  const out = Buffer.concat([
    webp,
    chunk('EXIF', Buffer.from('II*\0GPS-MARK', 'latin1')),
    chunk('XMP ', Buffer.from('<x:xmpmeta>GPS-MARK</x:xmpmeta>', 'latin1')),
  ])
  out[20] = out[20]! | 0x08 | 0x04 // VP8X flags: EXIF and XMP
  out.writeUInt32LE(out.length - 8, 4)
  return out
}

/** The 1×1 GIF with a comment extension (`secret note`) and an XMP application extension (`GPS-MARK`). */
export function gifWithComment(): Buffer {
  const gif = gifFile()
  // Header (6) + screen descriptor (7) + a 2-colour table (6).
  const at = 6 + 7 + 6
  const comment = Buffer.concat([
    Buffer.from([0x21, 0xfe, 11]),
    Buffer.from('secret note', 'latin1'),
    Buffer.from([0]),
  ])
  const xmp = Buffer.concat([
    Buffer.from([0x21, 0xff, 11]),
    Buffer.from('XMP DataXMP', 'latin1'),
    Buffer.from([8]),
    Buffer.from('GPS-MARK', 'latin1'),
    Buffer.from([0]),
  ])
  return Buffer.concat([gif.subarray(0, at), comment, xmp, gif.subarray(at)])
}
