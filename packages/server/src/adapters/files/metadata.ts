/**
 * Uploaded images are stored without what their camera or editor wrote about them (issue 34, the personal-data
 * law): EXIF (with its GPS position, the camera's serial number, the time), XMP, IPTC, comments and text
 * chunks. Only what drawing the picture needs is kept: the pixels, the colour profile, and, for a JPEG, the
 * EXIF orientation alone (in a new, minimal EXIF block), so that a phone's portrait photo is not shown on its
 * side. Each function walks a file the structure checks (`structure.ts`) have already accepted, and answers the
 * same bytes when there was nothing to remove.
 */

/** The image types whose metadata is removed, by the extension `validate.ts` gives them. */
export type ImageExt = 'jpg' | 'png' | 'webp' | 'gif'

/** `data` without its metadata (the same array when it had none); other types unchanged. */
export function stripImageMetadata(data: Uint8Array, ext: string): Uint8Array {
  switch (ext) {
    case 'jpg':
      return stripJpeg(data)
    case 'png':
      return stripPng(data)
    case 'webp':
      return stripWebp(data)
    case 'gif':
      return stripGif(data)
    default:
      return data
  }
}

/** Joins parts into one array. */
function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let off = 0
  for (const part of parts) {
    out.set(part, off)
    off += part.length
  }
  return out
}

/** Whether `data` holds `text`'s bytes (ASCII) at `off`. */
function startsWith(data: Uint8Array, off: number, text: string): boolean {
  if (off + text.length > data.length) return false
  for (let i = 0; i < text.length; i++) if (data[off + i] !== text.charCodeAt(i)) return false
  return true
}

// ------------------------------------------------------------------------------------------------ JPEG

/**
 * A JPEG's segments kept: APP0 (JFIF), APP2 holding an ICC profile, APP14 (Adobe: how to read the colours)
 * and every marker that is not an application segment or a comment. Every other APPn (EXIF and XMP in APP1,
 * IPTC in APP13…) and COM goes; the EXIF orientation comes back in a minimal APP1 where the EXIF was.
 */
function stripJpeg(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [data.subarray(0, 2)]
  let off = 2
  let copied = 2
  let removed = false
  /** Copies what lies between the last copy and `end`. */
  const keepUntil = (end: number) => {
    if (end > copied) parts.push(data.subarray(copied, end))
    copied = end
  }
  while (off + 1 < data.length) {
    if (data[off] !== 0xff) break
    let marker = data[off + 1]!
    let start = off
    while (marker === 0xff && off + 2 < data.length) {
      off++
      start = off
      marker = data[off + 1]!
    }
    off += 2
    if (marker === 0xd9) break
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue
    if (off + 2 > data.length) break
    const length = (data[off]! << 8) | data[off + 1]!
    const end = off + length
    const isApp = marker >= 0xe0 && marker <= 0xef
    const kept =
      !(isApp || marker === 0xfe) ||
      marker === 0xe0 ||
      marker === 0xee ||
      (marker === 0xe2 && startsWith(data, off + 2, 'ICC_PROFILE\0'))
    if (!kept) {
      keepUntil(start)
      removed = true
      const orientation =
        marker === 0xe1 && startsWith(data, off + 2, 'Exif\0\0') ? exifOrientation(data, off + 8, end) : 1
      if (orientation !== 1) parts.push(orientationSegment(orientation))
      copied = end
    }
    off = end
    if (marker === 0xda) {
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
  if (!removed) return data
  keepUntil(data.length)
  return concat(parts)
}

/** The EXIF orientation (1–8) in a TIFF structure at `tiff`…`end`; 1 when there is none. */
function exifOrientation(data: Uint8Array, tiff: number, end: number): number {
  if (tiff + 8 > end) return 1
  const little = startsWith(data, tiff, 'II')
  if (!little && !startsWith(data, tiff, 'MM')) return 1
  const u16 = (at: number) => (little ? data[at]! | (data[at + 1]! << 8) : (data[at]! << 8) | data[at + 1]!)
  const u32 = (at: number) => (little ? u16(at) + u16(at + 2) * 65536 : u16(at) * 65536 + u16(at + 2))
  const ifd = tiff + u32(tiff + 4)
  if (ifd + 2 > end) return 1
  const count = u16(ifd)
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12
    if (entry + 12 > end) return 1
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8)
      return value >= 1 && value <= 8 ? value : 1
    }
  }
  return 1
}

/** An APP1 segment holding an EXIF block with the orientation alone. */
function orientationSegment(orientation: number): Uint8Array {
  const tiff = [
    ...[0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00], // little-endian, IFD0 at 8
    ...[0x01, 0x00], // one entry
    ...[0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, orientation, 0x00, 0x00, 0x00], // 0x0112 SHORT ×1
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
  ]
  const body = [...'Exif\0\0'].map((c) => c.charCodeAt(0)).concat(tiff)
  const length = body.length + 2
  return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...body])
}

// ------------------------------------------------------------------------------------------------ PNG

/**
 * The PNG chunks kept: the critical ones (IHDR, PLTE, IDAT, IEND) and the ancillary ones that change how the
 * picture looks or moves (colour, transparency, pixel size, animation). Text (tEXt, zTXt, iTXt), EXIF (eXIf),
 * the time (tIME) and any private chunk go.
 */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCv',
  'cLLi',
  'bKGD',
  'hIST',
  'pHYs',
  'sPLT',
  'acTL',
  'fcTL',
  'fdAT',
])

function stripPng(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [data.subarray(0, 8)]
  let off = 8
  let removed = false
  while (off + 12 <= data.length) {
    const length =
      ((data[off]! << 24) >>> 0) + (data[off + 1]! << 16) + (data[off + 2]! << 8) + data[off + 3]!
    const type = String.fromCharCode(data[off + 4]!, data[off + 5]!, data[off + 6]!, data[off + 7]!)
    const end = off + 12 + length
    if (PNG_KEPT.has(type)) parts.push(data.subarray(off, end))
    else removed = true
    off = end
    if (type === 'IEND') break
  }
  if (!removed) return data
  // Padding after IEND, which the structure check tolerates, is kept as it was.
  if (off < data.length) parts.push(data.subarray(off))
  return concat(parts)
}

// ------------------------------------------------------------------------------------------------ WebP

/** The WebP chunks that go: EXIF and XMP. Their flags in VP8X are cleared. */
const WEBP_DROPPED = new Set(['EXIF', 'XMP '])
const VP8X_EXIF = 0x08
const VP8X_XMP = 0x04

function stripWebp(data: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = []
  let off = 12
  let removed = false
  while (off + 8 <= data.length) {
    const type = String.fromCharCode(data[off]!, data[off + 1]!, data[off + 2]!, data[off + 3]!)
    const size =
      data[off + 4]! | (data[off + 5]! << 8) | (data[off + 6]! << 16) | ((data[off + 7]! << 24) >>> 0)
    const end = Math.min(data.length, off + 8 + size + (size & 1))
    if (WEBP_DROPPED.has(type)) removed = true
    else if (type === 'VP8X') {
      const chunk = data.slice(off, end)
      chunk[8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP)
      kept.push(chunk)
    } else kept.push(data.subarray(off, end))
    off = end
  }
  if (!removed) return data
  const body = concat(kept)
  const riffSize = body.length + 4
  const header = Uint8Array.from([
    ...[0x52, 0x49, 0x46, 0x46], // RIFF
    riffSize & 0xff,
    (riffSize >> 8) & 0xff,
    (riffSize >> 16) & 0xff,
    (riffSize >>> 24) & 0xff,
    ...[0x57, 0x45, 0x42, 0x50], // WEBP
  ])
  return concat([header, body])
}

// ------------------------------------------------------------------------------------------------ GIF

/** The offset after a run of GIF sub-blocks starting at `off`. */
function afterSubBlocks(data: Uint8Array, off: number): number {
  while (off < data.length) {
    const size = data[off]!
    off += 1 + size
    if (size === 0) break
  }
  return Math.min(off, data.length)
}

/** GIF comment extensions and application extensions other than looping (NETSCAPE2.0, ANIMEXTS1.0) go. */
function stripGif(data: Uint8Array): Uint8Array {
  const colors = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0)
  let off = 13 + colors(data[10]!)
  const parts: Uint8Array[] = [data.subarray(0, off)]
  let removed = false
  while (off < data.length) {
    const block = data[off]!
    if (block === 0x3b) break
    if (block === 0x21) {
      const label = data[off + 1]
      const end = afterSubBlocks(data, off + 2)
      const looping =
        label === 0xff &&
        (startsWith(data, off + 3, 'NETSCAPE2.0') || startsWith(data, off + 3, 'ANIMEXTS1.0'))
      if (label === 0xfe || (label === 0xff && !looping)) removed = true
      else parts.push(data.subarray(off, end))
      off = end
    } else if (block === 0x2c) {
      const flags = data[off + 9]!
      const start = off
      off = afterSubBlocks(data, off + 10 + colors(flags) + 1)
      parts.push(data.subarray(start, off))
    } else break
  }
  if (!removed) return data
  parts.push(data.subarray(off))
  return concat(parts)
}
