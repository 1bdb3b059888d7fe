/**
 * A bound on how deeply a JSON body may nest (issue 30). JSON.parse reads a 1 MiB `[[[…]]]` without complaint,
 * but it cost up to 0.85 s of CPU each, and every walk over the result after it (web/plugins/input-walk.ts) as much
 * again. No call of the API takes anything near 64 levels, so the body's text is scanned once, in a single
 * pass that skips strings, before it is parsed, and a deeper one is refused with 400 `too_deep` without being
 * parsed at all. Whatever passes is parsed by Fastify's own parser, with its prototype-poisoning checks.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ApiHttpError } from '../http/errors.ts'

/** The deepest a JSON body may nest arrays and objects. */
export const MAX_JSON_DEPTH = 64

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_ARRAY = 0x5b
const OPEN_OBJECT = 0x7b
const CLOSE_ARRAY = 0x5d
const CLOSE_OBJECT = 0x7d

/**
 * Whether JSON text nests arrays and objects deeper than `max`. Brackets inside strings do not count; the
 * text need not be valid JSON (JSON.parse says so afterwards).
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i)
        if (s === BACKSLASH) i++
        else if (s === QUOTE) break
      }
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--
    }
  }
  return false
}

export const jsonDepthPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  )
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(
        new ApiHttpError(400, 'too_deep', 'errors.tooDeep', { values: { max: MAX_JSON_DEPTH } }),
        undefined,
      )
      return
    }
    parse(request, body as string, done)
  })
})
