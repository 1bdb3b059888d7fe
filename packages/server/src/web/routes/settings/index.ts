/**
 * Settings, subjects and lists (spec section 7: nine calls). All public: a visitor
 * reads them with the site's API key alone. Texts come in the request's language.
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Language, Settings } from '@mashura/core'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { answerCached, readKey } from '../../../adapters/cache/cached-answer.ts'
import {
  faqs as allFaqs,
  centers as centerRows,
  contributorCenter,
  offices as officeRows,
  settingByKey,
  settingsByKeys,
  subjects as subjectRows,
} from '../../../db/queries/settings.ts'
import { termsVersionKeys } from '../../../domain/admin-content.ts'
import { centerOut, officeOut, subjectOut } from '../../../wire/common.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { pick } from '../../plugins/language.ts'
import { callRoute, callRoutes } from '../call-route.ts'

/** The single-setting keys of core's `SettingKey`, each with its own path. */
const SETTING_KEYS = [
  'mentor_url',
  'about_us',
  'terms_and_conditions',
  'terms_and_conditions_contributor',
] as const
type SettingKey = (typeof SETTING_KEYS)[number]

const SETTING_SUMMARIES: Record<SettingKey, string> = {
  mentor_url: 'The promotional (mentor) video URL.',
  about_us: 'The about-us text.',
  terms_and_conditions: 'The terms and conditions for business owners.',
  terms_and_conditions_contributor: 'The terms and conditions for contributors.',
}

/** Each single-setting key's call of the contract. */
const SETTING_CALLS = {
  mentor_url: calls.getMentorUrl,
  about_us: calls.getAboutUs,
  terms_and_conditions: calls.getTermsAndConditions,
  terms_and_conditions_contributor: calls.getContributorTermsAndConditions,
} as const

/** The terms' keys, each with a published version (the back office's `adminPublishTerms`). */
const TERMS_KEYS = ['terms_and_conditions', 'terms_and_conditions_contributor'] as const

/** Keys whose values are read by `GET /dashboard/settings`. */
const ALL_SETTING_KEYS = [
  ...SETTING_KEYS,
  'contact_mobile',
  'contact_email',
  'contact_whatsapp',
  ...TERMS_KEYS.map((key) => termsVersionKeys(key).version),
]

/** A terms' published version from its setting's row (0: never published, and then left out of the answers). */
function versionOf(row: { value_en: string } | undefined): number {
  return Number(row?.value_en) || 0
}

const route = callRoutes({ tags: ['settings'] })

/** The nine calls, as an encapsulated plugin under `/api`. */
export async function settingsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store

  async function setting(key: SettingKey, lang: Language) {
    const row = await settingByKey(db, key)
    if (!row) throw notFound()
    if (key !== 'terms_and_conditions' && key !== 'terms_and_conditions_contributor')
      return { key, value: pick(row, 'value', lang) }
    const version = versionOf(await settingByKey(db, termsVersionKeys(key).version))
    return { key, value: pick(row, 'value', lang), ...(version > 0 ? { version } : {}) }
  }

  function faqs(lang: Language) {
    return allFaqs(db).then((rows) =>
      rows.map((r) => ({ id: r.id, question: pick(r, 'question', lang), answer: pick(r, 'answer', lang) })),
    )
  }

  async function subjects(filters: { type?: 1 | 2 | 4; bsa_subject?: boolean }, lang: Language) {
    const which: { type?: 1 | 2 | 4; bsa?: boolean } = {}
    if (filters.type !== undefined) which.type = filters.type
    if (filters.bsa_subject !== undefined) which.bsa = filters.bsa_subject
    return (await subjectRows(db, which)).map((r) => subjectOut(r, lang))
  }

  /** Answers a read of settings, subjects, centers or offices through the catalogue cache. */
  function settingsRead<T>(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<T>) {
    return answerCached(request, reply, { scopes: ['settings'], key: readKey(request), compute })
  }

  for (const key of SETTING_KEYS) {
    app.route({
      ...callRoute(SETTING_CALLS[key], { tags: ['settings'], summary: SETTING_SUMMARIES[key] }),
      handler: async (request, reply) =>
        settingsRead(request, reply, async () => ({ data: await setting(key, request.lang) })),
    })
  }

  app.route({
    ...route(calls.getSettings, {
      summary: 'Every public setting at once: texts, contact details, the FAQ and the mentor video.',
      description: 'A setting that has not been set reads as an empty string.',
    }),
    handler: async (request, reply) =>
      settingsRead(request, reply, async () => {
        const lang = request.lang
        const rows = await settingsByKeys(db, ALL_SETTING_KEYS)
        const value = (key: string) => {
          const row = rows.find((r) => r.key === key)
          return row ? pick(row, 'value', lang) : ''
        }
        const data: Settings = {
          about_us: value('about_us'),
          terms_and_conditions: value('terms_and_conditions'),
          terms_and_conditions_contributor: value('terms_and_conditions_contributor'),
          contact: {
            mobile: value('contact_mobile'),
            email: value('contact_email'),
            whatsapp: value('contact_whatsapp'),
          },
          faqs: await faqs(lang),
          mentor_url: value('mentor_url'),
        }
        // A terms' version is given once one is published (none: version 0).
        for (const [field, key] of [
          ['terms_and_conditions_version', 'terms_and_conditions'],
          ['terms_and_conditions_contributor_version', 'terms_and_conditions_contributor'],
        ] as const) {
          const version = versionOf(rows.find((r) => r.key === termsVersionKeys(key).version))
          if (version > 0) data[field] = version
        }
        return { data }
      }),
  })

  app.route({
    ...route(calls.getCommonQuestions, {
      summary: 'The FAQ, in display order.',
    }),
    handler: async (request, reply) =>
      settingsRead(request, reply, async () => ({ data: await faqs(request.lang) })),
  })

  app.route({
    ...route(calls.getSubjects, {
      tags: ['subjects'],
      summary: 'The subjects, optionally of one type and only bsa (or only other) subjects.',
    }),
    handler: async (request, reply) =>
      settingsRead(request, reply, async () => ({ data: await subjects(request.query, request.lang) })),
  })

  app.route({
    ...route(calls.getAdminSubjects, {
      tags: ['subjects'],
      summary: 'Every subject (all_subjects=true, or no query), or the subjects by type and bsa flag.',
    }),
    handler: async (request, reply) => {
      const { all_subjects, ...filters } = request.query
      // Core's AdminSubjectsParams is either-or: asking for everything and for a filter is a client bug.
      if (all_subjects === true && (filters.type !== undefined || filters.bsa_subject !== undefined)) {
        throw badRequest('validation_failed', 'errors.validationFailed', {
          all_subjects: 'errors.invalidValue',
        })
      }
      return settingsRead(request, reply, async () => ({
        data: await subjects(all_subjects === true ? {} : filters, request.lang),
      }))
    },
  })

  app.route({
    ...route(calls.getCenters, {
      tags: ['centers'],
      summary: 'The business-support centers.',
    }),
    handler: async (request, reply) =>
      settingsRead(request, reply, async () => {
        const rows = await centerRows(db)
        return { data: rows.map((r) => centerOut(r, request.lang)) }
      }),
  })

  app.route({
    ...route(calls.getOffices, {
      tags: ['centers'],
      summary: "The offices, or only those of one contributor's center (none when they have no center).",
    }),
    handler: async (request, reply) =>
      // Which offices a contributor's are depends on the contributor's center: the catalogue's too.
      answerCached(request, reply, {
        scopes: ['settings', 'catalogue'],
        key: readKey(request),
        async compute() {
          let centerId: number | undefined
          const contributorId = request.query.contributor
          if (contributorId !== undefined) {
            const contributor = await contributorCenter(db, contributorId)
            if (!contributor) throw notFound()
            if (contributor.center_id === null) return { data: [] }
            centerId = contributor.center_id
          }
          return { data: (await officeRows(db, centerId)).map((r) => officeOut(r, request.lang)) }
        },
      }),
  })
}
