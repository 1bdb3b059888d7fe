/**
 * Structural checks of uploaded files, one per accepted container: each walks the container from its
 * first byte to its last, so a file whose bytes do not all belong to its type (a polyglot: an image
 * with a ZIP after its end marker, a WAV whose RIFF size disagrees with its length) is refused.
 * Every check throws `FileRefused`; the audio checks answer what they learnt about the duration.
 */
import { crc32, inflateSync } from 'node:zlib'

/** Why an upload is refused after its type was recognised. */
export type RefusalReason = 'damaged' | 'mixed' | 'empty' | 'costly'

/**
 * A refused upload: `damaged` when it does not parse, `mixed` when it carries another type, `empty` when a
 * recording holds no sound, `costly` when checking it would take more work than an upload may cost (a PDF
 * whose streams inflate past the budget, or with too many objects).
 */
export class FileRefused extends Error {
  override readonly name = 'FileRefused'
  readonly reason: RefusalReason

  constructor(reason: RefusalReason, detail: string) {
    super(`${reason}: ${detail}`)
    this.reason = reason
  }
}

const damaged = (detail: string) => new FileRefused('damaged', detail)
const mixed = (detail: string) => new FileRefused('mixed', detail)
const empty = (detail: string) => new FileRefused('empty', detail)
const costly = (detail: string) => new FileRefused('costly', detail)

/** Bytes allowed after an end marker, and only NUL or white space: some encoders pad their output. */
const TAIL_TOLERANCE = 16

/** Refuses what follows an end marker unless it is a little padding. */
function checkTail(data: Uint8Array, end: number, what: string, tolerance = TAIL_TOLERANCE): void {
  if (end > data.length) throw damaged(`${what} ends past the file`)
  const rest = data.length - end
  if (rest === 0) return
  if (rest > tolerance) throw mixed(`${rest} bytes after the ${what} end`)
  for (let i = end; i < data.length; i++) {
    const b = data[i]!
    if (b !== 0 && b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d)
      throw mixed(`data after the ${what} end`)
  }
}

const ascii = (data: Uint8Array, start: number, length: number) =>
  Buffer.from(
    data.buffer,
    data.byteOffset + start,
    Math.max(0, Math.min(length, data.length - start)),
  ).toString('latin1')

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength)
}

// ------------------------------------------------------------------------------------ any type

/**
 * Markup a browser could sniff as HTML, SVG or XML when it ignores the Content-Type: the HTML sniffing
 * patterns of the WHATWG MIME Sniffing standard (multi-letter ones), plus SVG and script-bearing tags.
 */
const MARKUP =
  /<(?:!doctype\s+html|html|head|body|script|iframe|frameset|svg|object|embed|style|title|meta|link|img|div|table|font|h1|br|base|form|!--|\?xml)[\s>/]/i

/** Markup that runs code: all that is looked for in Office files, whose stored XML parts may hold `<table`, `<title` and the like. */
const ACTIVE_MARKUP = /<(?:html|script|iframe|frameset|svg|object|embed)[\s>/]/i

/** How far a browser reads before deciding a type by sniffing (the standard reads 1,445 bytes; some read more). */
const SNIFF_WINDOW = 4096

/**
 * Refuses markup a browser could sniff near the start of the file; with `xmlParts` (an Office file,
 * whose uncompressed parts are XML) only markup that runs code.
 */
export function checkNoMarkup(data: Uint8Array, xmlParts = false): void {
  const start = ascii(data, 0, SNIFF_WINDOW)
  if ((xmlParts ? ACTIVE_MARKUP : MARKUP).test(start)) throw mixed('markup near the start')
}

/** The farthest a ZIP's end record can sit from the end of the file: the record and its longest comment. */
const EOCD_REACH = 22 + 0xffff

/** Refuses a ZIP archive hidden in a file that is not one: ZIP readers look for its end record near the end. */
export function checkNoZipEnd(data: Uint8Array): void {
  const from = Math.max(0, data.length - EOCD_REACH)
  const found = Buffer.from(data.buffer, data.byteOffset + from, data.length - from).indexOf(
    'PK\x05\x06',
    0,
    'latin1',
  )
  if (found !== -1) throw mixed('a ZIP end record')
}

// ------------------------------------------------------------------------------------ images

/** Walks a PNG's chunks, checking each CRC, up to IEND; at least one IDAT. */
export function checkPng(data: Uint8Array): void {
  const v = view(data)
  let off = 8
  let first = true
  let idat = false
  for (;;) {
    if (off + 12 > data.length) throw damaged('PNG cut before IEND')
    const length = v.getUint32(off)
    const type = ascii(data, off + 4, 4)
    const end = off + 12 + length
    if (length > 0x7fffffff || end > data.length) throw damaged(`PNG chunk ${type} past the file`)
    if (first && (type !== 'IHDR' || length !== 13)) throw damaged('PNG without IHDR first')
    first = false
    if (crc32(data.subarray(off + 4, off + 8 + length)) !== v.getUint32(off + 8 + length))
      throw damaged(`PNG chunk ${type} CRC`)
    if (type === 'IDAT') idat = true
    off = end
    if (type === 'IEND') break
  }
  if (!idat) throw damaged('PNG without image data')
  checkTail(data, off, 'PNG')
}

/** Walks a JPEG's segments and entropy-coded data up to EOI; needs a frame and a scan. */
export function checkJpeg(data: Uint8Array): void {
  let off = 2
  let frame = false
  let scan = false
  for (;;) {
    if (off + 2 > data.length) throw damaged('JPEG cut before EOI')
    if (data[off] !== 0xff) throw damaged('JPEG marker expected')
    let marker = data[off + 1]!
    // Fill bytes: any number of 0xFF may precede a marker.
    while (marker === 0xff && off + 2 < data.length) marker = data[++off + 1]!
    off += 2
    if (marker === 0xd9) break
    if (marker === 0xd8 || marker === 0x00 || marker === 0xff) throw damaged('JPEG marker out of place')
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue
    if (off + 2 > data.length) throw damaged('JPEG cut in a segment')
    const length = (data[off]! << 8) | data[off + 1]!
    if (length < 2 || off + length > data.length) throw damaged('JPEG segment past the file')
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      frame = true
    off += length
    if (marker === 0xda) {
      if (!frame) throw damaged('JPEG scan before its frame')
      scan = true
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      while (off + 1 < data.length) {
        if (data[off] === 0xff) {
          const next = data[off + 1]!
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break
          off += next === 0xff ? 1 : 2
        } else off++
      }
    }
  }
  if (!scan) throw damaged('JPEG without a scan')
  checkTail(data, off, 'JPEG')
}

/** Skips GIF sub-blocks, answering the offset after their terminator. */
function gifSubBlocks(data: Uint8Array, off: number): number {
  for (;;) {
    if (off >= data.length) throw damaged('GIF cut in a block')
    const size = data[off]!
    off += 1 + size
    if (size === 0) return off
  }
}

/** Walks a GIF's blocks up to its trailer; at least one image. */
export function checkGif(data: Uint8Array): void {
  if (data.length < 13) throw damaged('GIF too short')
  const colors = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0)
  let off = 13 + colors(data[10]!)
  let images = 0
  for (;;) {
    if (off >= data.length) throw damaged('GIF cut before its trailer')
    const block = data[off]!
    if (block === 0x3b) {
      off++
      break
    }
    if (block === 0x21) off = gifSubBlocks(data, off + 2)
    else if (block === 0x2c) {
      if (off + 10 > data.length) throw damaged('GIF cut in an image')
      off = gifSubBlocks(data, off + 10 + colors(data[off + 9]!) + 1)
      images++
    } else throw damaged('GIF block unknown')
  }
  if (images === 0) throw damaged('GIF without an image')
  checkTail(data, off, 'GIF')
}

/** Walks a RIFF file's chunks: its size must be the file's length; answers each chunk's id, start and size. */
function riffChunks(data: Uint8Array, form: string): { id: string; start: number; size: number }[] {
  if (data.length < 12 || ascii(data, 0, 4) !== 'RIFF' || ascii(data, 8, 4) !== form)
    throw damaged(`not RIFF ${form}`)
  const v = view(data)
  const end = v.getUint32(4, true) + 8
  if (end > data.length) throw damaged(`RIFF ${form} size past the file`)
  if (end < data.length) throw mixed(`${data.length - end} bytes after the RIFF ${form} end`)
  const chunks: { id: string; start: number; size: number }[] = []
  let off = 12
  while (off < end) {
    if (off + 8 > end) throw damaged('RIFF chunk header cut')
    const size = v.getUint32(off + 4, true)
    if (off + 8 + size > end) throw damaged('RIFF chunk past the file')
    chunks.push({ id: ascii(data, off, 4), start: off + 8, size })
    // Chunks are padded to an even length; a missing pad on the last chunk is common and harmless.
    off = Math.min(end, off + 8 + size + (size & 1))
  }
  return chunks
}

/** Checks a WebP's RIFF chunks tile the file and start with an image chunk. */
export function checkWebp(data: Uint8Array): void {
  const chunks = riffChunks(data, 'WEBP')
  if (!['VP8 ', 'VP8L', 'VP8X'].includes(chunks[0]?.id ?? '')) throw damaged('WebP without an image chunk')
}

// ------------------------------------------------------------------------------------ documents

/** Checks a PDF ends at its last `%%EOF` (whitespace aside); the parse itself is pdf-lib's. */
export function checkPdfEnvelope(data: Uint8Array): void {
  const tail = Buffer.from(data.buffer, data.byteOffset, data.length).lastIndexOf(
    '%%EOF',
    undefined,
    'latin1',
  )
  if (tail === -1) throw damaged('PDF without %%EOF')
  checkTail(data, tail + 5, 'PDF', 1024)
}

/**
 * The most one PDF's object and cross-reference streams may inflate to, together: pdf-lib inflates them while
 * it parses, and then parses everything they hold. Real documents keep their pages' content, fonts and images
 * in other streams (which pdf-lib keeps as they are) and their object streams small.
 */
export const PDF_INFLATE_LIMIT = 8 * 1024 * 1024

/**
 * The most PDF objects one file may hold outside its content streams: every number, name, string, array and
 * dictionary, each of which pdf-lib builds as an object of its own (a few kilobytes inflating to an array of
 * millions of zeros took it 13 s and gigabytes). A million takes it about half a second and some 60 MB; a
 * document of a thousand pages holds a few hundred thousand.
 */
export const PDF_MAX_OBJECTS = 1_000_000

/** What a PDF's structure costs pdf-lib: what its object and cross-reference streams inflate to, and its objects. */
export interface PdfCost {
  inflated: number
  objects: number
}

/** PDF white space (ISO 32000 7.2.2). */
const PDF_SPACE = new Uint8Array(256)
for (const b of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) PDF_SPACE[b] = 1
/** PDF delimiters: each starts a token of its own. */
const PDF_DELIMITER = new Uint8Array(256)
for (const c of '()<>[]{}/%') PDF_DELIMITER[c.charCodeAt(0)] = 1

/**
 * Counts the tokens of PDF syntax between `start` and `end`, each an object pdf-lib would build (a little
 * more: a dictionary's `<<` counts twice, a string's words each), stopping once past `max`.
 */
function pdfTokens(bytes: Uint8Array, start: number, end: number, max: number): number {
  let count = 0
  let previous = 0x20
  for (let i = start; i < end; i++) {
    const b = bytes[i]!
    if (
      !PDF_SPACE[b] &&
      (PDF_SPACE[previous] || PDF_DELIMITER[b] || PDF_DELIMITER[previous]) &&
      ++count > max
    )
      return count
    previous = b
  }
  return count
}

/**
 * Refuses a PDF whose structure would cost pdf-lib more than `budget` allows (at most `PDF_INFLATE_LIMIT` and
 * `PDF_MAX_OBJECTS`; an upload of several files gives each what the ones before it left), before pdf-lib
 * sees it: its object and cross-reference streams may not inflate past the budget (a decompression bomb would
 * exhaust memory inside pdf-lib, which has no limit of its own), and the objects in its body and in those
 * streams may not pass it (millions of small objects would take pdf-lib seconds and its thread's whole heap).
 * Content streams are not counted: pdf-lib keeps them as they are. An object or cross-reference stream must be
 * Flate-encoded or not encoded at all. Answers what the file cost, for the upload's budget.
 */
export function checkPdfStreams(data: Uint8Array, budget: Partial<PdfCost> = {}): PdfCost {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.length)
  const text = bytes.toString('latin1')
  const inflateLimit = Math.min(budget.inflated ?? PDF_INFLATE_LIMIT, PDF_INFLATE_LIMIT)
  const objectLimit = Math.min(budget.objects ?? PDF_MAX_OBJECTS, PDF_MAX_OBJECTS)
  let inflated = 0
  let objects = 0
  const count = (from: Uint8Array, start: number, end: number) => {
    objects += pdfTokens(from, start, end, objectLimit - objects)
    if (objects > objectLimit) throw costly('PDF with too many objects')
  }
  // The body: everything but the streams' data, which a stream's dictionary introduces with `stream` and an
  // end of line, and `endstream` closes.
  let at = 0
  for (const match of text.matchAll(/(?<!end)stream\r?\n/g)) {
    if (match.index < at) continue
    count(bytes, at, match.index)
    const end = text.indexOf('endstream', match.index + match[0].length)
    if (end === -1) {
      at = text.length
      break
    }
    // An object or cross-reference stream is inflated and its objects counted; any other's data is skipped.
    const dictionary = text.slice(text.lastIndexOf('obj', match.index), match.index)
    const start = match.index + match[0].length
    if (/\/Type\s*\/(?:ObjStm|XRef)\b/.test(dictionary)) {
      const filter = /\/Filter\s*(\/\w+|\[[^\]]*\])/.exec(dictionary)?.[1]?.replace(/[[\]\s]/g, '')
      if (filter === undefined) count(bytes, start, end)
      else if (filter === '/FlateDecode') {
        let decoded: Buffer | null = null
        try {
          decoded = inflateSync(bytes.subarray(start, end), { maxOutputLength: inflateLimit - inflated + 1 })
        } catch (error) {
          if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
            throw costly('PDF streams inflate too far')
          // Not Flate data after all: pdf-lib will say whether the file holds.
        }
        if (decoded) {
          inflated += decoded.length
          if (inflated > inflateLimit) throw costly('PDF streams inflate too far')
          count(decoded, 0, decoded.length)
        }
      }
      // pdf-lib also undoes LZW, run-length and ASCII filters, whose output nothing here bounds: real files
      // compress their object streams with Flate alone.
      else throw costly(`PDF object stream filtered with ${filter}`)
    }
    at = end
  }
  count(bytes, at, bytes.length)
  return { inflated, objects }
}

/** Checks an Office file is one ZIP archive from first byte to last: local header first, central directory and end record at the end. */
export function checkZip(data: Uint8Array): void {
  const v = view(data)
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.length)
  if (ascii(data, 0, 4) !== 'PK\x03\x04') throw damaged('ZIP without a local header first')
  const eocd = buffer.lastIndexOf('PK\x05\x06', undefined, 'latin1')
  if (eocd === -1 || eocd + 22 > data.length) throw damaged('ZIP without an end record')
  if (eocd + 22 + v.getUint16(eocd + 20, true) !== data.length) throw mixed('data after the ZIP end record')
  const entries = v.getUint16(eocd + 10, true)
  const size = v.getUint32(eocd + 12, true)
  const start = v.getUint32(eocd + 16, true)
  // ZIP64 archives keep the real numbers elsewhere; Office files under our size limit never need them.
  if (start === 0xffffffff || entries === 0xffff) throw damaged('ZIP64 archive')
  if (start + size !== eocd) throw mixed('ZIP central directory not before its end record')
  let off = start
  for (let i = 0; i < entries; i++) {
    if (off + 46 > eocd || ascii(data, off, 4) !== 'PK\x01\x02') throw damaged('ZIP central directory entry')
    const local = v.getUint32(off + 42, true)
    if (local + 4 > start || ascii(data, local, 4) !== 'PK\x03\x04')
      throw damaged('ZIP entry without its local header')
    off += 46 + v.getUint16(off + 28, true) + v.getUint16(off + 30, true) + v.getUint16(off + 32, true)
  }
  if (off !== eocd) throw damaged('ZIP central directory size')
}

// ------------------------------------------------------------------------------------ audio

/** A WAV's duration in seconds, from its `fmt ` and `data` chunks, after checking its RIFF structure. */
export function wavSeconds(data: Uint8Array): number {
  const chunks = riffChunks(data, 'WAVE')
  const fmtIndex = chunks.findIndex((c) => c.id === 'fmt ')
  const dataIndex = chunks.findIndex((c) => c.id === 'data')
  if (fmtIndex === -1 || dataIndex === -1 || dataIndex < fmtIndex) throw damaged('WAV without fmt then data')
  const fmt = chunks[fmtIndex]!
  if (fmt.size < 16) throw damaged('WAV fmt too short')
  const v = view(data)
  const channels = v.getUint16(fmt.start + 2, true)
  const rate = v.getUint32(fmt.start + 4, true)
  const byteRate = v.getUint32(fmt.start + 8, true)
  const blockAlign = v.getUint16(fmt.start + 12, true)
  if (channels === 0 || rate === 0 || byteRate === 0 || blockAlign === 0) throw damaged('WAV format fields')
  const samples = chunks[dataIndex]!.size
  if (samples < blockAlign) throw empty('WAV without samples')
  return samples / byteRate
}

const OGG_CRC = (() => {
  const table = new Uint32Array(256)
  for (let i = 0; i < 256; i++) {
    let r = i << 24
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1
    table[i] = r >>> 0
  }
  return table
})()

/** Walks an Ogg file's pages, checking each CRC; the pages must tile the file. Answers the page count. */
export function checkOgg(data: Uint8Array): number {
  const v = view(data)
  let off = 0
  let pages = 0
  while (off < data.length) {
    if (pages > 0 && ascii(data, off, 4) !== 'OggS') throw mixed('data after the Ogg pages')
    if (off + 27 > data.length || ascii(data, off, 4) !== 'OggS' || data[off + 4] !== 0)
      throw damaged('Ogg page header')
    if (pages === 0 && !(data[off + 5]! & 0x02)) throw damaged('Ogg without a first page')
    const segments = data[off + 26]!
    let body = 0
    for (let i = 0; i < segments; i++) body += data[off + 27 + i] ?? 0
    const end = off + 27 + segments + body
    if (end > data.length) throw damaged('Ogg page past the file')
    let crc = 0
    for (let i = off; i < end; i++) {
      // The CRC field itself counts as zeros.
      const b = i >= off + 22 && i < off + 26 ? 0 : data[i]!
      crc = ((crc << 8) ^ OGG_CRC[((crc >>> 24) ^ b) & 0xff]!) >>> 0
    }
    if (crc !== v.getUint32(off + 22, true)) throw damaged('Ogg page CRC')
    off = end
    pages++
  }
  if (pages < 2) throw empty('Ogg without audio pages')
  return pages
}

/** EBML element ids of the Matroska elements this walk knows. */
const EBML = {
  header: 0x1a45dfa3,
  segment: 0x18538067,
  cluster: 0x1f43b675,
  void: 0xec,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  timestamp: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const
/** Segment children: one of these ends a cluster of unknown size. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, 0x1549a966, 0x1654ae6b, 0x1f43b675, 0x1c53bb6b, 0x1941a469, 0x1043a770, 0x1254c367, 0xec, 0xbf,
])

/** One EBML element header: id, where its data starts, and its size (null when unknown). */
function ebmlElement(data: Uint8Array, off: number): { id: number; start: number; size: number | null } {
  const first = data[off]
  if (first === undefined || first === 0) throw damaged('EBML id')
  const idLength = Math.clz32(first) - 23
  if (idLength > 4 || off + idLength > data.length) throw damaged('EBML id length')
  let id = 0
  for (let i = 0; i < idLength; i++) id = id * 256 + data[off + i]!
  const at = off + idLength
  const lead = data[at]
  if (lead === undefined || lead === 0) throw damaged('EBML size')
  const sizeLength = Math.clz32(lead) - 23
  if (at + sizeLength > data.length) throw damaged('EBML size length')
  let size = lead & (0xff >> sizeLength)
  let unknown = size === 0xff >> sizeLength
  for (let i = 1; i < sizeLength; i++) {
    const b = data[at + i]!
    if (b !== 0xff) unknown = false
    size = size * 256 + b
  }
  return { id, start: at + sizeLength, size: unknown ? null : size }
}

/** An EBML unsigned integer element's value. */
function ebmlUint(data: Uint8Array, start: number, size: number): number {
  if (size > 8) throw damaged('EBML integer too long')
  let value = 0
  for (let i = 0; i < size; i++) value = value * 256 + data[start + i]!
  return value
}

/** A Block's or SimpleBlock's timestamp relative to its cluster: after its track number, a signed 16-bit count. */
function blockTimestamp(data: Uint8Array, start: number, size: number): number {
  const lead = data[start] ?? 0
  const trackLength = Math.clz32(lead) - 23
  if (lead === 0 || trackLength > 8 || trackLength + 3 > size) throw damaged('WebM block header')
  const at = start + trackLength
  return ((data[at]! << 24) >> 16) | data[at + 1]!
}

/**
 * Walks a WebM file: its EBML header, then one segment whose elements (clusters of unknown size
 * included, as live recordings write them) reach exactly to the end. Answers its duration in seconds,
 * counted from its blocks' timestamps: the last block's, plus the gap before it for the last frame's
 * length (MediaRecorder states no duration, and music-metadata cannot read clusters of unknown size).
 */
export function webmSeconds(data: Uint8Array): number {
  const header = ebmlElement(data, 0)
  if (header.id !== EBML.header || header.size === null) throw damaged('WebM without an EBML header')
  let off = header.start + header.size
  let segments = 0
  let timestampScale = 1_000_000
  const stamps: number[] = []
  while (off < data.length) {
    const element = ebmlElement(data, off)
    if (element.id === EBML.void) {
      if (element.size === null) throw damaged('EBML void of unknown size')
      off = element.start + element.size
      continue
    }
    if (element.id !== EBML.segment || ++segments > 1) throw mixed('WebM with another top-level element')
    const end = element.size === null ? data.length : element.start + element.size
    if (end > data.length) throw damaged('WebM segment past the file')
    off = element.start
    while (off < end) {
      const child = ebmlElement(data, off)
      if (child.id === EBML.cluster) {
        const clusterEnd = child.size === null ? end : child.start + child.size
        if (clusterEnd > end) throw damaged('WebM cluster past its segment')
        let clusterTime = 0
        off = child.start
        while (off < clusterEnd) {
          const inner = ebmlElement(data, off)
          // A live recording's cluster has no size: it ends where the next segment child begins.
          if (child.size === null && SEGMENT_CHILDREN.has(inner.id)) break
          if (inner.size === null || inner.start + inner.size > clusterEnd)
            throw damaged('WebM block past its cluster')
          if (inner.id === EBML.timestamp) clusterTime = ebmlUint(data, inner.start, inner.size)
          else if (inner.id === EBML.simpleBlock)
            stamps.push(clusterTime + blockTimestamp(data, inner.start, inner.size))
          else if (inner.id === EBML.blockGroup) {
            let at = inner.start
            while (at < inner.start + inner.size) {
              const part = ebmlElement(data, at)
              if (part.size === null || part.start + part.size > inner.start + inner.size)
                throw damaged('WebM block group')
              if (part.id === EBML.block)
                stamps.push(clusterTime + blockTimestamp(data, part.start, part.size))
              at = part.start + part.size
            }
          }
          off = inner.start + inner.size
        }
        continue
      }
      if (child.size === null || child.start + child.size > end)
        throw damaged('WebM element past its segment')
      if (child.id === EBML.info) {
        for (let at = child.start; at < child.start + child.size; ) {
          const field = ebmlElement(data, at)
          if (field.size === null || field.start + field.size > child.start + child.size)
            throw damaged('WebM info')
          if (field.id === EBML.timestampScale) timestampScale = ebmlUint(data, field.start, field.size)
          at = field.start + field.size
        }
      }
      off = child.start + child.size
    }
  }
  if (segments === 0) throw damaged('WebM without a segment')
  if (stamps.length === 0) throw empty('WebM without audio blocks')
  const last = Math.max(...stamps)
  const gaps = stamps
    .slice(1)
    .map((t, i) => t - stamps[i]!)
    .filter((gap) => gap > 0)
  const frame = gaps.length > 0 ? gaps[gaps.length - 1]! : 0
  return ((last + frame) * timestampScale) / 1e9
}

/** One ISO BMFF box: type, where its payload starts, and where it ends. */
interface Box {
  type: string
  start: number
  end: number
}

/** The boxes between two offsets, which must tile them exactly. */
function boxes(data: Uint8Array, from: number, to: number): Box[] {
  const v = view(data)
  const out: Box[] = []
  let off = from
  while (off < to) {
    if (off + 8 > to) throw damaged('MP4 box header cut')
    let size = v.getUint32(off)
    let header = 8
    if (size === 1) {
      if (off + 16 > to) throw damaged('MP4 large box header cut')
      size = Number(v.getBigUint64(off + 8))
      header = 16
    } else if (size === 0) size = to - off
    if (size < header || off + size > to) throw damaged('MP4 box past its parent')
    out.push({ type: ascii(data, off + 4, 4), start: off + header, end: off + size })
    off += size
  }
  return out
}

const child = (data: Uint8Array, box: Box | undefined, type: string) =>
  box ? boxes(data, box.start, box.end).find((b) => b.type === type) : undefined

/**
 * An MP4 audio file's duration in seconds, summed from its sample tables (`stts`) or its fragments'
 * runs (`trun`), never from the durations its headers state: MediaRecorder's fragmented MP4 states
 * them wrongly or not at all. Checks the top-level boxes tile the file.
 */
export function mp4Seconds(data: Uint8Array): number {
  const v = view(data)
  const top = boxes(data, 0, data.length)
  if (top[0]?.type !== 'ftyp') throw damaged('MP4 without ftyp first')
  const moov = top.find((b) => b.type === 'moov')
  if (!moov) throw damaged('MP4 without moov')
  if (!top.some((b) => b.type === 'mdat' && b.end > b.start)) throw empty('MP4 without media data')
  const full = (box: Box) => ({
    version: data[box.start]!,
    flags: v.getUint32(box.start) & 0xffffff,
    at: box.start + 4,
  })

  const tracks = boxes(data, moov.start, moov.end).filter((b) => b.type === 'trak')
  const sound = tracks.find((trak) => {
    const hdlr = child(data, child(data, trak, 'mdia'), 'hdlr')
    return hdlr !== undefined && ascii(data, hdlr.start + 8, 4) === 'soun'
  })
  if (!sound) throw damaged('MP4 without a sound track')
  const tkhd = child(data, sound, 'tkhd')
  const mdia = child(data, sound, 'mdia')
  const mdhd = child(data, mdia, 'mdhd')
  if (!tkhd || !mdhd) throw damaged('MP4 track headers')
  const trackId = v.getUint32(full(tkhd).at + (full(tkhd).version === 1 ? 16 : 8))
  const timescale = v.getUint32(full(mdhd).at + (full(mdhd).version === 1 ? 16 : 8))
  if (timescale === 0) throw damaged('MP4 timescale')

  let units = 0
  const stts = child(data, child(data, child(data, mdia, 'minf'), 'stbl'), 'stts')
  if (stts) {
    const count = v.getUint32(full(stts).at)
    if (full(stts).at + 4 + count * 8 > stts.end) throw damaged('MP4 stts past its box')
    for (let i = 0; i < count; i++) {
      const at = full(stts).at + 4 + i * 8
      units += v.getUint32(at) * v.getUint32(at + 4)
    }
  }

  // Fragments: each run's samples take their own duration, else the fragment's or the movie's default.
  const trex = boxes(data, moov.start, moov.end)
    .filter((b) => b.type === 'mvex')
    .flatMap((mvex) => boxes(data, mvex.start, mvex.end))
    .find((b) => b.type === 'trex' && v.getUint32(b.start + 4) === trackId)
  const movieDefault = trex ? v.getUint32(trex.start + 12) : 0
  for (const moof of top.filter((b) => b.type === 'moof')) {
    for (const traf of boxes(data, moof.start, moof.end).filter((b) => b.type === 'traf')) {
      const tfhd = child(data, traf, 'tfhd')
      if (!tfhd || v.getUint32(full(tfhd).at) !== trackId) continue
      const tf = full(tfhd)
      let at = tf.at + 4 + (tf.flags & 0x01 ? 8 : 0) + (tf.flags & 0x02 ? 4 : 0)
      const fragmentDefault = tf.flags & 0x08 ? v.getUint32(at) : movieDefault
      for (const trun of boxes(data, traf.start, traf.end).filter((b) => b.type === 'trun')) {
        const run = full(trun)
        const count = v.getUint32(run.at)
        at = run.at + 4 + (run.flags & 0x01 ? 4 : 0) + (run.flags & 0x04 ? 4 : 0)
        const fields = [0x100, 0x200, 0x400, 0x800].filter((f) => run.flags & f).length
        if (at + count * fields * 4 > trun.end) throw damaged('MP4 trun past its box')
        if (!(run.flags & 0x100)) units += count * fragmentDefault
        else for (let i = 0; i < count; i++) units += v.getUint32(at + i * fields * 4)
      }
    }
  }
  if (units === 0) throw empty('MP4 without audio samples')
  return units / timescale
}

/** Bitrates in kbit/s by [MPEG-1?][layer index 1..3][bitrate index]. */
const MP3_BITRATES = [
  // MPEG-2 and 2.5: layer III, layer II, layer I
  [
    [],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  ],
  // MPEG-1: layer III, layer II, layer I
  [
    [],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  ],
]
const MP3_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as Record<
  number,
  number[]
>

/** The length of the MPEG audio frame at `off`, or null when no valid frame header is there. */
function mp3Frame(data: Uint8Array, off: number): number | null {
  if (off + 4 > data.length || data[off] !== 0xff || (data[off + 1]! & 0xe0) !== 0xe0) return null
  const version = (data[off + 1]! >> 3) & 0x03
  const layer = (data[off + 1]! >> 1) & 0x03
  const bitrateIndex = data[off + 2]! >> 4
  const rate = MP3_RATES[version]?.[(data[off + 2]! >> 2) & 0x03]
  if (version === 1 || layer === 0 || bitrateIndex === 0 || bitrateIndex === 15 || !rate) return null
  const bitrate = MP3_BITRATES[version === 3 ? 1 : 0]![layer]![bitrateIndex]! * 1000
  const padding = (data[off + 2]! >> 1) & 0x01
  if (layer === 3) return (Math.floor((12 * bitrate) / rate) + padding) * 4
  const perFrame = layer === 1 && version !== 3 ? 72 : 144
  return Math.floor((perFrame * bitrate) / rate) + padding
}

/** Walks an MP3's frames from its ID3v2 tag (if any) to the end, allowing an ID3v1 or APE tag last. Answers the frame count. */
export function checkMp3(data: Uint8Array): number {
  let off = 0
  if (ascii(data, 0, 3) === 'ID3') {
    if (data.length < 10) throw damaged('ID3 tag cut')
    const size =
      ((data[6]! & 0x7f) << 21) | ((data[7]! & 0x7f) << 14) | ((data[8]! & 0x7f) << 7) | (data[9]! & 0x7f)
    off = 10 + size + (data[5]! & 0x10 ? 10 : 0)
  }
  let end = data.length
  if (end - 128 >= off && ascii(data, end - 128, 3) === 'TAG') end -= 128
  if (end - 32 >= off && ascii(data, end - 32, 8) === 'APETAGEX') {
    const apeSize = view(data).getUint32(end - 20, true)
    const withHeader = view(data).getUint32(end - 12, true) & 0x80000000 ? 32 : 0
    end -= apeSize + withHeader
    if (end < off) throw damaged('APE tag past the file')
  }
  let frames = 0
  while (off < end) {
    const length = mp3Frame(data, off)
    if (length === null) throw frames === 0 ? damaged('MP3 without frames') : mixed('data between MP3 frames')
    frames++
    // The last frame may be cut short by the encoder; it must still start with a frame header.
    off += length
  }
  if (frames < 2) throw empty('MP3 without audio frames')
  return frames
}
