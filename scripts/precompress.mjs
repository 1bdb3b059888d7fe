// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible built file, once at build time,
// so the reference server sends them (@fastify/static `preCompressed`) without compressing on each request.
// `npm start` runs it after each build; `node scripts/precompress.mjs <dir> [...]` runs it by hand.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** What is worth compressing: text and WebAssembly. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024
/** Brotli's best quality is slow on multi-megabyte files (the Zoom SDK); those get a lighter one. */
const LARGE_BYTES = 1_000_000

/**
 * Compresses every compressible file under `dir` whose copies are missing or older than it, and keeps a
 * copy only when it is smaller than the original. Returns how many files it compressed and the bytes before
 * and after (brotli).
 * @param {string} dir
 * @returns {{ files: number, bytes: number, brotli: number }}
 */
export function precompressDir(dir) {
  const total = { files: 0, bytes: 0, brotli: 0 }
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
    const path = join(entry.parentPath, entry.name)
    const { size, mtimeMs } = statSync(path)
    if (size < MIN_BYTES || (fresh(`${path}.br`, mtimeMs) && fresh(`${path}.gz`, mtimeMs))) continue
    const data = readFileSync(path)
    const quality = size > LARGE_BYTES ? 9 : constants.BROTLI_MAX_QUALITY
    const br = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: size },
    })
    const gz = gzipSync(data, { level: 9 })
    // A copy no smaller than the original is not kept (nor an old one left beside a newer original).
    for (const [copy, bytes] of [
      [`${path}.br`, br],
      [`${path}.gz`, gz],
    ]) {
      if (bytes.length < size) writeFileSync(copy, bytes)
      else rmSync(copy, { force: true })
    }
    total.files++
    total.bytes += size
    total.brotli += Math.min(br.length, size)
  }
  return total
}

/** Whether `copy` exists and is at least as new as its original. */
function fresh(copy, originalMtime) {
  try {
    return statSync(copy).mtimeMs >= originalMtime
  } catch {
    return false
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) {
    const { files, bytes, brotli } = precompressDir(dir)
    console.log(`precompress: ${dir}: ${files} files, ${bytes} → ${brotli} bytes (brotli)`)
  }
}
