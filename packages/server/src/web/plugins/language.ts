/** The request's language (Accept-Language: ar|en, Arabic by default) and a translator for it. */
import { type Language, normalizeLanguage, type Translator } from '@mashura/core'
import { type ServerMessageKey, serverTranslator } from '@mashura/core/i18n/server'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyRequest {
    /** The language to answer in. */
    lang: Language
  }
}

/** The translator for a request's language: the shared messages and the server's own. */
export function translatorFor(request: Pick<FastifyRequest, 'lang'>): Translator<ServerMessageKey> {
  return serverTranslator(request.lang ?? 'ar')
}

/** Picks the Arabic or English column of a bilingual row. */
export function pick<T extends Record<string, unknown>, K extends string>(
  row: T,
  base: K,
  lang: Language,
): string {
  return String(row[`${base}_${lang}` as keyof T] ?? row[`${base}_ar` as keyof T] ?? '')
}

export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'ar')
  app.addHook('onRequest', async (request) => {
    request.lang = normalizeLanguage(String(request.headers['accept-language'] ?? 'ar'))
  })
})
