/**
 * The upload check threads (issue 30): files are checked off the main thread, a request's PDFs share one
 * budget, a check past its deadline is refused and its thread replaced, and a queue past its bound refuses at
 * once.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CheckPoolBusy, FileCheckPool } from './check-pool.ts'
import { checkFiles } from './check-worker.ts'
import { PDF_MAX_OBJECTS } from './structure.ts'
import { objectStreamPdf, pdfFile, pngFile, wavFile } from './test-files.ts'
import { UPLOAD_PDF_BUDGET } from './validate.ts'

const dir = mkdtempSync(join(tmpdir(), 'mashura-checks-'))
let written = 0
/** Writes bytes to a temporary file, as an arriving upload is, and answers its path. */
const onDisk = (data: Buffer) => {
  const path = join(dir, `${++written}.part`)
  writeFileSync(path, data)
  return path
}

describe('upload check threads', () => {
  const pools: FileCheckPool[] = []
  const pool = (options: ConstructorParameters<typeof FileCheckPool>[0] = {}) => {
    const made = new FileCheckPool(options)
    pools.push(made)
    return made
  }
  afterAll(() => Promise.all(pools.map((p) => p.close())))

  it("checks a request's files on a thread, answering each file's type and a voice note's duration", async () => {
    const checks = pool({ threads: 1 })
    const attachments = await checks.check(
      {
        kind: 'attachment',
        paths: [onDisk(pdfFile()), onDisk(pngFile())],
        pdfBudget: UPLOAD_PDF_BUDGET,
      },
      10_000,
    )
    expect(attachments).toEqual({
      ok: true,
      files: [
        { type: { ext: 'pdf', mime: 'application/pdf' }, duration: null, size: pdfFile().length },
        { type: { ext: 'png', mime: 'image/png' }, duration: null, size: pngFile().length },
      ],
    })
    const voice = await checks.check(
      { kind: 'voice_note', paths: [onDisk(wavFile(2))], pdfBudget: UPLOAD_PDF_BUDGET },
      10_000,
    )
    expect(voice).toEqual({
      ok: true,
      files: [{ type: { ext: 'wav', mime: 'audio/wav' }, duration: 2, size: wavFile(2).length }],
    })
    expect(checks.started).toBe(1)
  })

  it("refuses PDFs that cost past the request's budget together, though each fits its own, before parsing any", async () => {
    // Each holds 750,000 numbers (under the million a file may); three make more than the two million an upload may.
    const paths = [1, 2, 3].map(() => onDisk(objectStreamPdf(1_500_000)))
    const started = performance.now()
    expect(await checkFiles({ kind: 'attachment', paths, pdfBudget: UPLOAD_PDF_BUDGET })).toEqual({
      ok: false,
      reason: 'costly',
    })
    // pdf-lib takes most of a second for each of these; none was parsed.
    expect(performance.now() - started).toBeLessThan(2000)
    expect(
      await checkFiles({ kind: 'attachment', paths: paths.slice(0, 1), pdfBudget: UPLOAD_PDF_BUDGET }),
    ).toMatchObject({ ok: true, files: [{ type: { ext: 'pdf', mime: 'application/pdf' }, duration: null }] })
  })

  it('terminates a thread that passes its deadline, answers timeout, and checks the next job on a new thread', async () => {
    const checks = pool({ threads: 1 })
    // Reading and parsing 10 MB cannot take under a millisecond.
    const big = onDisk(pdfFile(10 * 1024 * 1024 - 1))
    expect(await checks.check({ kind: 'attachment', paths: [big], pdfBudget: UPLOAD_PDF_BUDGET }, 1)).toEqual(
      { ok: false, reason: 'timeout' },
    )
    const next = await checks.check(
      { kind: 'attachment', paths: [onDisk(pngFile())], pdfBudget: UPLOAD_PDF_BUDGET },
      10_000,
    )
    expect(next.ok).toBe(true)
    expect(checks.started).toBe(2)
    expect(checks.threads).toBe(1)
  })

  it("parses a PDF at the object limit well within its thread's heap", async () => {
    // The limits keep pdf-lib far from the heap: V8 running out of a worker's heap can abort the whole process.
    const checks = pool({ threads: 1, heapMb: 256 })
    const atLimit = onDisk(objectStreamPdf(2 * (PDF_MAX_OBJECTS - 1000)))
    const answer = await checks.check(
      { kind: 'attachment', paths: [atLimit], pdfBudget: UPLOAD_PDF_BUDGET },
      60_000,
    )
    expect(answer.ok).toBe(true)
    expect(checks.started).toBe(1)
  })

  it('refuses a job at once when as many as it allows already wait', async () => {
    const checks = pool({ threads: 1, maxWaiting: 1 })
    const job = {
      kind: 'attachment' as const,
      paths: [onDisk(pngFile())],
      pdfBudget: UPLOAD_PDF_BUDGET,
    }
    // The first waits for its thread to start; the second finds the queue full.
    const first = checks.check(job, 10_000)
    await expect(checks.check(job, 10_000)).rejects.toBeInstanceOf(CheckPoolBusy)
    expect((await first).ok).toBe(true)
    expect((await checks.check(job, 10_000)).ok).toBe(true)
  })
})
