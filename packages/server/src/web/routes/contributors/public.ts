/** The public contributor reads: a contributor's schedule, the lists, the search and the covered subjects. */
import type { Static, TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Language } from '@mashura/core'
import {
  type ContributorListQuerySchema,
  ContributorProfileSchema,
  calls,
  PageMetaSchema,
} from '@mashura/core/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  answerCached,
  readKey,
  Serialized,
  sendRemembered,
  sendVersioned,
} from '../../../adapters/cache/cached-answer.ts'
import {
  type CacheScope,
  catalogueDataVersion,
  type LoadOptions,
} from '../../../adapters/cache/catalogue-cache.ts'
import {
  CONSULTANT_KINDS,
  type ContributorFilters,
  type KeptReads,
  searchContributorIds,
} from '../../../domain/contributors.ts'
import {
  contributorProfile,
  coveredSubjects,
  freeSlotsPage,
  orderedProfiles,
} from '../../../wire/contributors.ts'
import { notFound } from '../../http/errors.ts'
import { DEFAULT_PER_PAGE, pageMeta } from '../../http/schema.ts'
import { callRoutes } from '../call-route.ts'

type ListQuery = Static<typeof ContributorListQuerySchema>

/** A JSON schema as Fastify's serializer compiler takes it (TypeBox schemas are plain JSON schemas). */
type SchemaObject = Parameters<FastifyReply['compileSerializationSchema']>[0]

/** The filters a list query asks for, within some kinds. */
function filtersOf(query: ListQuery, kinds?: ContributorFilters['kinds']): ContributorFilters {
  return {
    q: query.q,
    kinds,
    type: query.type,
    subjects: query.subjects,
    centers: query.centers,
    dates: query.dates,
    availability: query.availability,
    available: query.available,
    sort: query.sort,
  }
}

/** Whether a search narrows by free slots, so that its matches change with every booking and by themselves. */
function usesSlots(filters: ContributorFilters): boolean {
  return (filters.dates?.length ?? 0) > 0 || filters.availability !== undefined || filters.available === true
}

/** More ids than any catalogue holds: one query gives every match, in order, and the count is its length. */
const ALL_MATCHES = 2_147_483_647

/**
 * How a list's ids and pages are kept: a text search's from its second time, since most new queries are never
 * asked again (each word's list is kept instead, so asking again costs little); filters alone at once.
 */
const keepingFor = (query: ListQuery): LoadOptions =>
  query.q !== undefined && query.q.trim() !== '' ? { keep: 'repeated' } : { keep: 'always' }

/** The pieces of a page's envelope around its profiles' JSON. */
const OPEN_DATA = Buffer.from('{"data":[')
const COMMA = Buffer.from(',')

/** Some of a search's matches in order, from the `from`th (0 for all of them), and how many there are. */
interface Matches {
  ids: number[]
  from: number
  total: number
}

/** Whether some matches hold a whole page (or show that it is past the last). */
function covers(matches: Matches, { page, perPage }: { page: number; perPage: number }): boolean {
  const start = (page - 1) * perPage
  const end = Math.min(page * perPage, matches.total)
  return start >= matches.total || (start >= matches.from && end <= matches.from + matches.ids.length)
}

const route = callRoutes({ tags: ['contributors'], access: 'public' })

/** Registers the public reads: schedule, lists, search and covered subjects. */
export async function publicContributorRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const { publicUrl } = app.config
  const words = app.searchWords

  app.route({
    ...route(calls.getContributorSchedule, {
      summary: "A contributor's profile and a page of their free future slots, earliest first.",
      description: 'Public. `meta` pages the slots. A slot is free while no session holds it.',
    }),
    handler: async (request, reply) => {
      const { id } = request.params
      const page = request.query.page ?? 1
      const perPage = request.query.per_page ?? DEFAULT_PER_PAGE
      return answerCached(request, reply, {
        // The offices of the slots are settings; the profile and the free slots are the contributor's own.
        scopes: ['catalogue', 'settings', `contributor:${id}`],
        timed: true,
        key: readKey(request),
        async compute(now) {
          const contributor = await contributorProfile(db, id, { lang: request.lang, publicUrl, now })
          if (!contributor) throw notFound()
          const { slots, total } = await freeSlotsPage(db, id, { page, perPage }, { lang: request.lang, now })
          return { data: { contributor, slots }, meta: pageMeta(page, perPage, total) }
        },
      })
    },
  })

  /** Answers a page of profiles for some filters, without the cache. */
  async function listPage(query: ListQuery, lang: Language, kinds?: ContributorFilters['kinds']) {
    const page = query.page ?? 1
    const perPage = query.per_page ?? DEFAULT_PER_PAGE
    const now = new Date()
    const { ids, total } = await searchContributorIds(
      app.store,
      filtersOf(query, kinds),
      { page, perPage },
      now,
    )
    const data = await orderedProfiles(db, ids, { lang, publicUrl, now })
    return { data, meta: pageMeta(page, perPage, total) }
  }

  /** A short number for each prefix profiles were kept under, so that their keys stay short. */
  const generations = new Map<string, number>()
  let generationsMade = 0
  function profileGeneration(prefix: string): number {
    let generation = generations.get(prefix)
    if (generation === undefined) {
      // Old prefixes are never looked up again (their versions moved on): forget them all now and then.
      if (generations.size >= 1024) generations.clear()
      generation = ++generationsMade
      generations.set(prefix, generation)
    }
    return generation
  }

  /**
   * Profiles by id in the ids' order, each kept serialized as UTF-8 (by the contract's profile schema, as the route's
   * response schema would) under its contributor's version (and the catalogue's, and the next slot start): a
   * booking recomputes one profile, not the page, and a page of kept profiles is joined, not serialized again.
   * The missing ones take one batch.
   */
  async function cachedProfileJson(
    reply: FastifyReply,
    ids: readonly number[],
    tokens: readonly string[],
    prefix: string,
    lang: Language,
    now: Date,
  ): Promise<Buffer[]> {
    const cache = app.catalogueCache
    const serialize = reply.compileSerializationSchema(ContributorProfileSchema as unknown as SchemaObject)
    // Short keys: twenty long ones made and hashed anew a page were a measurable share of the main thread.
    const generation = `${profileGeneration(`${lang}|${prefix}`)}`
    const keys = ids.map((id, i) => `p|${id}|${tokens[i]}|${generation}`)
    const found = keys.map((key) => cache.get<Buffer>(key))
    const missing = ids.filter((_, i) => found[i] === undefined)
    if (missing.length > 0) {
      const made = await orderedProfiles(db, missing, { lang, publicUrl, now })
      const byId = new Map(made.map((p) => [p.id, p]))
      ids.forEach((id, i) => {
        const profile = byId.get(id)
        if (!profile) return
        const json = Buffer.from(serialize(profile))
        found[i] = json
        cache.set(keys[i]!, json, json.length + 128)
      })
    }
    return found.filter((json): json is Buffer => json !== undefined)
  }

  /** The matches of a search from one page on: their ids in order, the first one's place, and the total. */
  async function matchesFor(
    filters: ContributorFilters,
    paging: { page: number; perPage: number },
    now: Date,
    kept: KeptReads,
  ): Promise<Matches> {
    const { ids, total } = await searchContributorIds(app.store, filters, paging, now, kept)
    return { ids, total, from: (paging.page - 1) * paging.perPage }
  }

  /**
   * Answers a page of profiles through the cache. Every match of the query is found once, in order, and
   * kept under the catalogue's version (and, for the slot filters, the free slots' and the next slot
   * start): later pages slice that list and the total is its length, so no page counts again. A text
   * search's list is kept from its second time ({@link keepingFor}); its words' lists are kept at once.
   */
  async function cachedListPage(
    request: FastifyRequest,
    reply: FastifyReply,
    query: ListQuery,
    kinds?: ContributorFilters['kinds'],
  ) {
    // The same page asked again, with nothing changed since: its answer as it was sent.
    const remembered = sendRemembered(request, reply)
    if (remembered) return remembered
    const cache = app.catalogueCache
    const stamp = cache.stamp()
    const filters = filtersOf(query, kinds)
    const keeping = keepingFor(query)
    const slotBound = usesSlots(filters)
    const scopes: CacheScope[] = slotBound ? ['catalogue', 'slots'] : ['catalogue']
    // Timed always: profiles show the next free slot, whatever the filters.
    const versions = await cache.versions(scopes, { timed: true })
    if (!versions) return listPage(query, request.lang, kinds)
    const { now } = versions
    // Everything the query says but its page (its sort too), and the kinds.
    const { page: _page, per_page: _perPage, ...asked } = query
    const idsKey = `ids|${JSON.stringify([asked, kinds ?? null])}|${versions.tokens.join(',')}|${slotBound ? versions.boundary : '-'}|${versions.epoch}`
    // What each word of a text matches, kept under the catalogue's versions for every search that has it.
    const catalogueRead = catalogueDataVersion(versions)
    const kept: KeptReads = {
      keep: (key, make, bytes) => cache.load(`search|${key}|${catalogueRead}`, make, bytes),
      words: filters.q?.trim() ? words.at(catalogueRead) : null,
    }
    const page = query.page ?? 1
    const perPage = query.per_page ?? DEFAULT_PER_PAGE
    const wanted = { page, perPage }
    // Found once for every identical search that misses meanwhile (after a booking, all of them at once). Every
    // match when kept, for every page to slice; a search not kept (a text's first time) finds its page alone.
    let found = await cache.load(
      idsKey,
      (keep) => matchesFor(filters, keep ? { page: 1, perPage: ALL_MATCHES } : wanted, now, kept),
      (made) => made.ids.length * 8 + 256,
      keeping,
    )
    // A page other than the one a shared read found (two pages of one new search at once) finds its own.
    if (!covers(found, wanted)) found = await matchesFor(filters, wanted, now, kept)
    const { total } = found
    const pageIds = found.ids.slice((page - 1) * perPage - found.from, page * perPage - found.from)
    const mine = await cache.tokens(pageIds.map((id): CacheScope => `contributor:${id}`))
    if (!mine) return listPage(query, request.lang, kinds)
    const catalogue = versions.tokens[0]!
    const basis = `list|${idsKey}|${page}|${perPage}|${request.lang}|${versions.boundary}|${mine.join(',')}`
    return sendVersioned(
      request,
      reply,
      basis,
      async () => {
        const profiles = await cachedProfileJson(
          reply,
          pageIds,
          mine,
          `${catalogue}|${versions.boundary}|${versions.changes}`,
          request.lang,
          now,
        )
        const meta = reply.compileSerializationSchema(PageMetaSchema as unknown as SchemaObject)(
          pageMeta(page, perPage, total),
        )
        // `Paged`'s own layout: data, then meta.
        const parts: Buffer[] = [OPEN_DATA]
        for (const [i, json] of profiles.entries()) parts.push(...(i === 0 ? [json] : [COMMA, json]))
        parts.push(Buffer.from(`],"meta":${meta}}`))
        return new Serialized(Buffer.concat(parts))
      },
      keeping,
      stamp && { stamp, boundary: versions.boundary },
    )
  }

  app.route({
    ...route(calls.getConsultants, {
      summary:
        'Lists consultants, advisors and partners with the search filters: newest first, best matches first for a text.',
      description:
        'Public. `type` picks the field: 1 consulting → consultants, 2 guidance → advisors, 4 partnerships → partners. A text is matched and ordered as by `GET /profile/contributors`.',
    }),
    handler: async (request, reply) => cachedListPage(request, reply, request.query, CONSULTANT_KINDS),
  })

  app.route({
    ...route(calls.getBsaContributors, {
      summary: 'Lists bsa contributors with the search filters: newest first, best matches first for a text.',
      description:
        'Public. `type` keeps those who cover a subject of that type. A text is matched and ordered as by `GET /profile/contributors`.',
    }),
    handler: async (request, reply) => cachedListPage(request, reply, request.query, ['bsa']),
  })

  app.route({
    ...route(calls.searchContributors, {
      summary: 'Searches contributors of every kind by text and filters, best matches first.',
      description:
        "Public. The text is matched Arabic-aware (hamza forms, diacritics, taa marbuta, alef maqsura, and an attached article: «التسويق», «بالتسويق» and «تسويق» are one word); every word must appear in the name, titles, subjects or bio, and a word of five letters or more also finds the words one typo away (a letter wrong, missing, extra, or two swapped). Results with a text are ordered by relevance: the name above the titles and subjects above the bio, a whole word above part of one, a word as typed above a corrected one, the words' scores added up; equal scores newest first. A blank text (a single space) or none lists everyone newest first, and so do the filters alone. Filters combine with AND; list filters match any of their values.",
    }),
    handler: async (request, reply) => cachedListPage(request, reply, request.query),
  })

  app.route({
    ...route(calls.getContributorSubjects, {
      summary: 'Lists the subjects at least one contributor covers.',
    }),
    handler: async (request, reply) =>
      answerCached(request, reply, {
        scopes: ['catalogue', 'settings'],
        key: readKey(request),
        compute: async () => ({ data: await coveredSubjects(db, request.lang) }),
      }),
  })
}
