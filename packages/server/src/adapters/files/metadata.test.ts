import { imageSize } from 'image-size'
import { describe, expect, it } from 'vitest'
import { stripImageMetadata } from './metadata.ts'
import { checkGif, checkJpeg, checkPng, checkWebp } from './structure.ts'
import {
  gifFile,
  gifWithComment,
  jpegFile,
  jpegWithGps,
  pngFile,
  pngTextChunk,
  webpFile,
  webpWithExif,
} from './test-files.ts'

/** Whether `data` holds `text` (Latin-1) anywhere. */
const holds = (data: Uint8Array, text: string) => Buffer.from(data).includes(Buffer.from(text, 'latin1'))

describe('image metadata removal', () => {
  it('removes a phone photo’s EXIF, GPS, XMP and comment, keeping its pixels and its orientation', () => {
    const photo = jpegWithGps()
    expect(holds(photo, 'GPS-MARK') && holds(photo, 'PhoneMaker') && holds(photo, 'secret note')).toBe(true)
    const clean = stripImageMetadata(photo, 'jpg')
    for (const text of ['GPS-MARK', 'PhoneMaker', 'xmpmeta', 'secret note'])
      expect(holds(clean, text)).toBe(false)
    expect(() => checkJpeg(clean)).not.toThrow()
    // The orientation stays, in a minimal EXIF block: the photo is shown the right way up.
    expect(imageSize(clean)).toMatchObject({ width: 2, height: 2, orientation: 6 })
    // What was not metadata is byte for byte the original.
    expect(Buffer.from(clean).subarray(-jpegFile().length + 2)).toEqual(jpegFile().subarray(2))
  })

  it('leaves an image without metadata as it is', () => {
    for (const [data, ext] of [
      [jpegFile(), 'jpg'],
      [pngFile(), 'png'],
      [webpFile(), 'webp'],
      [gifFile(), 'gif'],
    ] as const)
      expect(stripImageMetadata(data, ext)).toBe(data)
  })

  it('removes PNG text, EXIF and time chunks, keeping the colour ones', () => {
    const exif = Buffer.concat([
      Buffer.from([0, 0, 0, 8]),
      Buffer.from('eXIf'),
      Buffer.from('GPS-MARK'),
      Buffer.alloc(4),
    ])
    const png = pngFile(2, 2, [pngTextChunk('Comment', 'secret note'), exif])
    const clean = stripImageMetadata(png, 'png')
    expect(holds(clean, 'secret note') || holds(clean, 'GPS-MARK')).toBe(false)
    expect(() => checkPng(clean)).not.toThrow()
    expect(Buffer.from(clean)).toEqual(pngFile(2, 2))
  })

  it('removes WebP EXIF and XMP chunks and their flags, keeping the colour profile', () => {
    const clean = stripImageMetadata(webpWithExif(), 'webp')
    expect(holds(clean, 'GPS-MARK')).toBe(false)
    expect(() => checkWebp(clean)).not.toThrow()
    expect(Buffer.from(clean)).toEqual(webpFile())
  })

  it('removes GIF comments and XMP, keeping the image', () => {
    const clean = stripImageMetadata(gifWithComment(), 'gif')
    expect(holds(clean, 'secret note') || holds(clean, 'GPS-MARK')).toBe(false)
    expect(() => checkGif(clean)).not.toThrow()
    expect(Buffer.from(clean)).toEqual(gifFile())
  })

  it('leaves other types alone', () => {
    const pdf = Buffer.from('%PDF-1.7 GPS-MARK')
    expect(stripImageMetadata(pdf, 'pdf')).toBe(pdf)
  })
})
