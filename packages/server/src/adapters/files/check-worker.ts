/**
 * One upload check thread (see check-pool.ts): reads an upload's files from their temporary paths and checks
 * them with `inspectUpload`, so that a file that costs a lot to parse holds this thread, never the event loop,
 * and rewrites an accepted image without its metadata (adapters/files/metadata.ts).
 * A job is one request's files, checked in two passes: first what every PDF would cost pdf-lib (what its
 * object streams inflate to, how many objects it holds), against the request's budget, so that files that
 * together cost too much are refused before pdf-lib parses any; then each file in full, in order, stopping at
 * the first refusal.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { parentPort } from 'node:worker_threads'
import { stripImageMetadata } from './metadata.ts'
import { FileRefused, type PdfCost, type RefusalReason } from './structure.ts'
import { type AllowedType, inspectUpload, pdfCost, type UploadKind } from './validate.ts'

/** A request's files to check. */
export interface CheckJob {
  id: number
  kind: UploadKind
  /** The files' temporary paths, in the order they were sent. */
  paths: string[]
  /** What the files' PDFs may cost pdf-lib together (`UPLOAD_PDF_BUDGET`). */
  pdfBudget: PdfCost
}

/**
 * What checking a request's files found: each file's type, duration and size (an image's after its metadata
 * was removed), or why the upload is refused.
 */
export type CheckResult =
  | { ok: true; files: { type: AllowedType; duration: number | null; size: number }[] }
  | { ok: false; reason: 'unsupported' | RefusalReason }

/**
 * A thread's message: that it is ready (its modules are loaded), or a job's answer: its result, or an error
 * that is not the files' fault (a temporary file that cannot be read).
 */
export type CheckAnswer =
  | { ready: true }
  | { id: number; result: CheckResult }
  | { id: number; error: string }

/** Checks a request's files: the budget pass over every PDF first, then each file in full. */
export async function checkFiles(job: Omit<CheckJob, 'id'>): Promise<CheckResult> {
  if (job.kind === 'attachment') {
    const left = { ...job.pdfBudget }
    for (const path of job.paths) {
      try {
        const cost = await pdfCost(await readFile(path), left)
        left.inflated -= cost.inflated
        left.objects -= cost.objects
      } catch (error) {
        if (error instanceof FileRefused) return { ok: false, reason: error.reason }
        throw error
      }
    }
  }
  // Together the PDFs fit the budget: each is parsed within its own limits.
  const files: { type: AllowedType; duration: number | null; size: number }[] = []
  for (const path of job.paths) {
    const data = await readFile(path)
    const inspection = await inspectUpload(data, job.kind)
    if (!inspection.ok) return inspection
    // An image is kept without its EXIF, GPS position, XMP and comments (adapters/files/metadata.ts).
    const stripped = stripImageMetadata(data, inspection.type.ext)
    if (stripped !== data) await writeFile(path, stripped)
    files.push({ type: inspection.type, duration: inspection.duration, size: stripped.length })
  }
  return { ok: true, files }
}

const port = parentPort
if (port) {
  port.on('message', async ({ id, ...job }: CheckJob) => {
    let answer: CheckAnswer
    try {
      answer = { id, result: await checkFiles(job) }
    } catch (error) {
      answer = { id, error: String((error as Error).message ?? error) }
    }
    port.postMessage(answer)
  })
  port.postMessage({ ready: true } satisfies CheckAnswer)
}
