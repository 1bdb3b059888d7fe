/**
 * A page of the contributor search as the routes read it (ids from the search, then their profiles), over
 * ten thousand contributors: fast, and in a fixed number of queries.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { riyadhDay } from '@mashura/core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { dropPgSchema, openStore, type Store } from '../db/database.ts'
import type { NewRow } from '../db/tables.ts'
import { rebuildSearchText, searchContributorIds } from '../domain/contributors.ts'
import { eachDatabase } from '../test-support/context.ts'
import { addCenters, addSubjects } from '../test-support/fixtures.ts'
import { countingQueries } from '../test-support/query-count.ts'
import { contributorProfiles } from './contributors.ts'

const PEOPLE = 10_000
const CHUNK = 500
const NAMES = ['أحمد', 'محمد', 'فاطمة', 'نورة', 'خالد', 'سارة', 'عبدالله', 'هند', 'سلمان', 'ليلى']
const FAMILIES = ['العتيبي', 'الشهري', 'القحطاني', 'الزهراني', 'الغامدي', 'الدوسري', 'المطيري']
const KINDS = ['consultant', 'advisor', 'partner', 'bsa'] as const

eachDatabase(`contributor search over ${PEOPLE.toLocaleString('en')} contributors`, (dialect) => {
  let store: Store
  const schema = `t_domain_${process.pid}_${randomBytes(3).toString('hex')}`
  const url = process.env.TEST_DATABASE_URL ?? null
  const now = new Date()
  let subjectIds: number[] = []
  let centerIds: number[] = []

  beforeAll(async () => {
    store = await openStore(
      dialect === 'postgres'
        ? { databaseUrl: url, dataDir: tmpdir(), pgSchema: schema }
        : {
            databaseUrl: null,
            dataDir: mkdtempSync(join(tmpdir(), 'mashura-domain-')),
            sqliteFile: 'test.sqlite',
          },
    )
    const { db } = store
    const created = now.toISOString()
    subjectIds = await addSubjects(db, [
      { name_ar: 'التسويق الرقمي', name_en: 'Digital marketing', type: 1 },
      { name_ar: 'الإرشاد المالي', name_en: 'Financial guidance', type: 2 },
      { name_ar: 'الشراكات', name_en: 'Partnerships', type: 4 },
      { name_ar: 'دعم الأعمال', name_en: 'Business support', type: 1, bsa: 1 },
    ])
    centerIds = await addCenters(db, [
      { name_ar: 'مركز الرياض', name_en: 'Riyadh', city_ar: 'الرياض', city_en: 'Riyadh' },
      { name_ar: 'مركز جدة', name_en: 'Jeddah', city_ar: 'جدة', city_en: 'Jeddah' },
    ])
    for (let from = 0; from < PEOPLE; from += CHUNK) {
      const range = Array.from({ length: Math.min(CHUNK, PEOPLE - from) }, (_, k) => from + k)
      const people = await db
        .insertInto('people')
        .values(
          range.map((i) => ({
            issuer: 'bench',
            subject: `p${i}`,
            full_name: `${NAMES[i % NAMES.length]} ${FAMILIES[i % FAMILIES.length]} ${i}`,
            created_at: created,
          })),
        )
        .returning('id')
        .execute()
      const contributors = await db
        .insertInto('contributors')
        .values(
          range.map((i, k) => ({
            person_id: people[k]!.id,
            kind: KINDS[i % KINDS.length]!,
            title_ar: 'مستشار',
            title_en: 'Consultant',
            bio_ar: 'خبرة في ريادة الأعمال',
            bio_en: 'Entrepreneurship',
            search_text: '',
            center_id: centerIds[i % 2]!,
            can_create_slots: 1,
            can_delete_slots: 1,
            chat_status: 0,
            join_now_enabled: 0,
            available_for_instant: 0,
            created_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
          })),
        )
        .returning('id')
        .execute()
      await db
        .insertInto('contributor_subjects')
        .values(
          contributors.map((c, k) => ({ contributor_id: c.id, subject_id: subjectIds[(from + k) % 4]! })),
        )
        .execute()
      // Every third contributor has a slot in the coming days, every ninth of those is booked.
      const slots: NewRow<'slots'>[] = contributors
        .filter((_, k) => (from + k) % 3 === 0)
        .map((c, k) => ({
          contributor_id: c.id,
          start_at: new Date(now.getTime() + (1 + (k % 7)) * 86_400_000).toISOString(),
          end_at: new Date(now.getTime() + (1 + (k % 7)) * 86_400_000 + 1_800_000).toISOString(),
          availability: ((k % 3) + 1) as 1 | 2 | 3,
          created_at: created,
        }))
      const slotRows = await db
        .insertInto('slots')
        .values(slots)
        .returning(['id', 'contributor_id', 'start_at', 'end_at'])
        .execute()
      const booked = slotRows.filter((_, k) => k % 9 === 0)
      if (booked.length) {
        await db
          .insertInto('sessions')
          .values(
            booked.map((s) => ({
              slot_id: s.id,
              active_slot_id: s.id,
              contributor_id: s.contributor_id,
              sme_id: people[0]!.id,
              communication_way: 0 as const,
              state: 'booked' as const,
              is_instant: 0,
              start_at: s.start_at,
              end_at: s.end_at,
              created_at: created,
              updated_at: created,
            })),
          )
          .execute()
      }
      await rebuildSearchText(
        db,
        contributors.map((c) => c.id),
      )
    }
  }, 240_000)
  afterAll(async () => {
    await store?.destroy()
    if (dialect === 'postgres' && url) await dropPgSchema(url, schema)
  })

  it('answers searches with every filter quickly', async () => {
    const day = new Date(now.getTime() + 2 * 86_400_000)
    const ymd = riyadhDay(day)
    const cases = [
      {},
      { q: 'احمد' },
      { q: 'أحمد العتيبي' },
      { q: 'التسويق', kinds: ['consultant', 'advisor', 'partner'] as const },
      { type: 2 as const },
      { subjects: [subjectIds[1]!], centers: [centerIds[1]!] },
      { dates: [ymd], availability: 2 as const },
      { available: true, q: 'ساره' },
    ]
    for (const filters of cases) {
      const started = performance.now()
      const { ids, total } = await searchContributorIds(store, filters, { page: 3, perPage: 100 }, now)
      const profiles = await contributorProfiles(store.db, ids, { lang: 'ar', publicUrl: '', now })
      const ms = performance.now() - started
      expect(profiles.size).toBe(ids.length)
      expect(total).toBeGreaterThan(0)
      // Generous for slow CI machines; locally this takes a few tens of milliseconds.
      expect(ms, JSON.stringify(filters)).toBeLessThan(1500)
    }
  })

  it('finds the right people by name with an Arabic-aware AND', async () => {
    const { total } = await searchContributorIds(store, { q: 'احمد العتيبي' }, { page: 1, perPage: 1 }, now)
    // أحمد is every 10th person and العتيبي every 7th: every 70th.
    expect(total).toBe(Math.ceil(PEOPLE / 70))
    const all = await searchContributorIds(store, { q: ' ' }, { page: 1, perPage: 100 }, now)
    expect(all.total).toBe(PEOPLE)
  })

  it('reads a page of profiles in the same number of queries whatever its size', async () => {
    const runs: number[] = []
    const profileReads: number[] = []
    for (const perPage of [1, 20, 100]) {
      const c = countingQueries(store.db)
      const { ids } = await searchContributorIds(
        { db: c.db, dialect: store.dialect },
        { available: true },
        { page: 1, perPage },
        now,
      )
      const searched = c.count()
      const profiles = await contributorProfiles(c.db, ids, { lang: 'en', publicUrl: 'http://x', now })
      expect(ids).toHaveLength(perPage)
      expect(profiles.size).toBe(perPage)
      profileReads.push(c.count() - searched)
      runs.push(c.count())
    }
    expect(new Set(runs).size).toBe(1)
    expect(runs[0]).toBeLessThanOrEqual(8)
    // Rows with names, subjects, centers, free slots, session counts: five reads, all at once.
    expect(profileReads).toEqual([5, 5, 5])
  })

  it('gives each profile its subjects, center and next free slot', async () => {
    const { ids } = await searchContributorIds(store, { available: true }, { page: 1, perPage: 50 }, now)
    const profiles = await contributorProfiles(store.db, ids, { lang: 'en', publicUrl: '', now })
    for (const p of profiles.values()) {
      expect(p.subjects).toHaveLength(1)
      expect(p.center?.name).toMatch(/^(Riyadh|Jeddah)$/)
      expect(p.next_free_slot).not.toBeNull()
      expect(Date.parse(p.next_free_slot!)).toBeGreaterThan(now.getTime())
    }
  })
})
