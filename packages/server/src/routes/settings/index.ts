/** Settings, subjects and lists (spec section 7: nine calls). */
import { Type } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { notFound } from '../../http/errors.ts'
import { commonErrors, Envelope } from '../../http/schema.ts'
import { pick } from '../../plugins/language.ts'

const SettingValue = Type.Object({ key: Type.String(), value: Type.String() })

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.store

  async function setting(key: string, lang: 'ar' | 'en') {
    const row = await db.selectFrom('settings').selectAll().where('key', '=', key).executeTakeFirst()
    if (!row) throw notFound()
    return { key, value: pick(row, 'value', lang) }
  }

  app.get(
    '/dashboard/settings/mentor_url',
    {
      schema: {
        tags: ['settings'],
        summary: 'The promotional (mentor) video URL.',
        response: { 200: Envelope(SettingValue), ...commonErrors },
      },
    },
    async (request) => ({ data: await setting('mentor_url', request.lang) }),
  )
}
