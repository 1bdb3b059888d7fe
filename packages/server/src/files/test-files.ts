/** Small valid files and a multipart body builder, for upload tests. */

/** A WAV file: 8 kHz mono 16-bit PCM silence lasting `seconds`. */
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
  return b
}

/** A minimal one-page PDF, padded with a comment to `size` bytes when given. */
export function pdfFile(size?: number): Buffer {
  const body = Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  )
  if (size === undefined || size <= body.length) return body
  return Buffer.concat([body, Buffer.alloc(size - body.length, 0x25)])
}

/** A 1×1 PNG. */
export function pngFile(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  )
}

/** One part of a multipart body. */
export interface Part {
  field: string
  filename?: string
  contentType?: string
  data: Buffer | string
}

/** A multipart/form-data body and its Content-Type header. */
export function multipartBody(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mashura${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    const disposition =
      p.filename === undefined
        ? `form-data; name="${p.field}"`
        : `form-data; name="${p.field}"; filename="${p.filename}"`
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
