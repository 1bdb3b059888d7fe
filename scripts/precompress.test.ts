import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { precompressDir } from './precompress.mjs'

function builtDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mashura-precompress-'))
  mkdirSync(join(dir, 'assets/nested'), { recursive: true })
  writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>مشورة</p>'.repeat(300)}`)
  writeFileSync(join(dir, 'assets/nested/app-1a2b.js'), 'export const x = "مشورة";\n'.repeat(500))
  writeFileSync(join(dir, 'assets/tiny.js'), 'export {}')
  // Already compressed: a PNG's bytes do not shrink and are not worth a copy.
  writeFileSync(join(dir, 'assets/photo.png'), Buffer.alloc(4096, 7))
  return dir
}

describe('precompress', () => {
  it('writes brotli and gzip copies of the text files that decompress to the original', () => {
    const dir = builtDir()
    const result = precompressDir(dir)
    expect(result.files).toBe(2)
    expect(result.brotli).toBeLessThan(result.bytes / 5)
    for (const name of ['index.html', 'assets/nested/app-1a2b.js']) {
      const original = readFileSync(join(dir, name))
      expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`)))).toEqual(original)
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`)))).toEqual(original)
    }
    // Too small to gain, or not text: left alone.
    expect(existsSync(join(dir, 'assets/tiny.js.br'))).toBe(false)
    expect(existsSync(join(dir, 'assets/photo.png.br'))).toBe(false)
  })

  it('skips files whose copies are fresh, and redoes a file changed since', () => {
    const dir = builtDir()
    precompressDir(dir)
    expect(precompressDir(dir).files).toBe(0)
    const script = join(dir, 'assets/nested/app-1a2b.js')
    writeFileSync(script, 'export const y = 1;\n'.repeat(400))
    const later = new Date(statSync(`${script}.br`).mtimeMs + 5000)
    utimesSync(script, later, later)
    expect(precompressDir(dir).files).toBe(1)
    expect(brotliDecompressSync(readFileSync(`${script}.br`)).toString()).toBe(
      'export const y = 1;\n'.repeat(400),
    )
  })

  it('drops an old copy that no longer gains, rather than leave it beside a newer original', () => {
    const dir = builtDir()
    const page = join(dir, 'index.html')
    precompressDir(dir)
    // Random bytes do not compress: neither copy is smaller than the original now.
    writeFileSync(page, Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256))))
    const later = new Date(statSync(`${page}.br`).mtimeMs + 5000)
    utimesSync(page, later, later)
    precompressDir(dir)
    expect(existsSync(`${page}.br`)).toBe(false)
    expect(existsSync(`${page}.gz`)).toBe(false)
  })
})
