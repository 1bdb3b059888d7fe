import { riyadhParts } from '@mashura/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS, DEV_ISSUER_KEY } from '../adapters/oidc/dev-accounts.ts'
import { normalizeArabic } from '../adapters/search/arabic.ts'
import type { Database } from '../db/tables.ts'
import {
  createTestContext,
  eachDatabase,
  jsonOf,
  type TestContext,
  useTestContext,
} from '../test-support/context.ts'
import { futureHours, pastHours } from './calendar.ts'
import { SETTINGS, SUBJECTS } from './catalogue.ts'
import { createRandom } from './random.ts'
import {
  clearDatabase,
  DEFAULT_EXPERTS,
  describeExpert,
  isEmpty,
  type SeedSummary,
  seedDatabase,
} from './seed.ts'

// A Tuesday, 13:30 in Riyadh: today's afternoon hours are still ahead.
const NOW = new Date('2025-03-04T10:30:00.000Z')
const HOUR = 3_600_000
const WINDOW_END = NOW.getTime() + 21 * 24 * HOUR
const LIVE_STATES = new Set(['booked', 'ongoing', 'pending'])

/** A time's Riyadh weekday (0 Sunday) and hour. */
function riyadh(iso: string) {
  const { weekday, hour, minute } = riyadhParts(iso)
  return { day: weekday, hour, minute }
}

describe('seed helpers', () => {
  it('plans future hours on Riyadh working days only, after now and within three weeks', () => {
    const weeks = futureHours(NOW)
    expect(weeks).toHaveLength(3)
    const all = weeks.flat()
    // 15 working days of 8 hours, less Tuesday's 4 past hours and the last day's, which would end after the window.
    expect(all.length).toBeGreaterThan(100)
    for (const start of all) {
      expect(start).toBeGreaterThan(NOW.getTime())
      expect(start + HOUR).toBeLessThanOrEqual(WINDOW_END)
      const { day, hour, minute } = riyadh(new Date(start).toISOString())
      expect(day).toBeLessThanOrEqual(4)
      expect(hour).toBeGreaterThanOrEqual(9)
      expect(hour).toBeLessThanOrEqual(16)
      expect(minute).toBe(0)
    }
    // Today in Riyadh is 13:30: the first free hour is 14:00 (11:00 UTC).
    expect(new Date(all[0]!).toISOString()).toBe('2025-03-04T11:00:00.000Z')
    for (const start of pastHours(NOW, 10)) expect(start + HOUR).toBeLessThanOrEqual(NOW.getTime())
  })

  it('draws the same numbers from the same seed', () => {
    const a = createRandom(7)
    const b = createRandom(7)
    const c = createRandom(8)
    const draw = (r: typeof a) => [
      r.int(0, 1000),
      r.pick(['x', 'y', 'z']),
      r.sample([1, 2, 3, 4, 5], 3),
      r.digits(6),
    ]
    const first = draw(a)
    expect(draw(b)).toEqual(first)
    expect(draw(c)).not.toEqual(first)
    expect(new Set(createRandom(1).sample([1, 2, 3, 4, 5], 9)).size).toBe(5)
  })

  it('writes titles and bios in both languages, in the grammatical gender of the expert', () => {
    const finance = SUBJECTS[0]!
    const marketing = SUBJECTS[1]!
    const f = describeExpert('consultant', true, [finance, marketing], 12)
    expect(f.title_ar).toBe('مستشارة في التمويل')
    expect(f.bio_ar).toContain('بخبرة 12 عامًا')
    expect(f.bio_ar).toContain('تساعد أصحاب المنشآت')
    expect(f.bio_ar).toContain('التسويق الرقمي')
    expect(f.title_en).toBe('Consultant in financing')
    expect(f.bio_en).toContain('Also advises on digital marketing.')
    const m = describeExpert('advisor', false, [SUBJECTS[9]!], 7)
    expect(m.title_ar).toBe('مرشد أعمال في خطط العمل')
    expect(m.bio_ar).toContain('بخبرة 7 أعوام')
    expect(m.bio_ar).toContain('يساعد')
  })
})

eachDatabase('seedDatabase', (dialect) => {
  const ctx = useTestContext(dialect)
  let summary: SeedSummary
  let db: TestContext['store']['db']

  beforeAll(async () => {
    db = ctx.store.db
    expect(await isEmpty(ctx.store)).toBe(true)
    summary = await seedDatabase(ctx.store, { now: NOW })
  })

  it('makes at least 40 experts of all four kinds, and says so', async () => {
    expect(summary.created).toBe(true)
    expect(summary.experts).toBe(DEFAULT_EXPERTS + 5)
    for (const kind of ['bsa', 'advisor', 'consultant', 'partner'] as const)
      expect(summary.expertsByKind[kind]).toBeGreaterThan(0)
    expect(await isEmpty(ctx.store)).toBe(false)
    const kinds = await db.selectFrom('contributors').select('kind').distinct().execute()
    expect(kinds.map((k) => k.kind).sort()).toEqual(['advisor', 'bsa', 'consultant', 'partner'])
  })

  it('seeds every dev account with its expert identity, flags and admin', async () => {
    // The newcomer is met at the first sign-in, as the provider's people are.
    const newcomer = await db
      .selectFrom('people')
      .select('id')
      .where('subject', '=', 'dev-newcomer')
      .execute()
    expect(newcomer).toEqual([])
    for (const account of DEV_ACCOUNTS.filter((a) => a.seeded !== false)) {
      const person = await db
        .selectFrom('people')
        .selectAll()
        .where('issuer', '=', DEV_ISSUER_KEY)
        .where('subject', '=', account.subject)
        .executeTakeFirstOrThrow()
      expect(person.full_name).toBe(account.name)
      expect(person.email).toBe(account.email)
      expect(person.is_admin).toBe(account.admin ? 1 : 0)
      expect(person.photo_path).toBe(`/api/files/avatars/p-${person.id}.svg`)
      const contributor = await db
        .selectFrom('contributors')
        .selectAll()
        .where('person_id', '=', person.id)
        .executeTakeFirst()
      if (!account.contributor) {
        expect(contributor).toBeUndefined()
        continue
      }
      expect(contributor).toMatchObject({
        kind: account.contributor.kind,
        chat_status: account.contributor.chat ? 1 : 0,
        join_now_enabled: account.contributor.instant ? 1 : 0,
        can_create_slots: 1,
        can_delete_slots: 1,
      })
    }
  })

  it('gives experts plausible profiles: subjects of their kind, search text, avatars and a center', async () => {
    const experts = await db
      .selectFrom('contributors')
      .innerJoin('people', 'people.id', 'contributors.person_id')
      .select([
        'contributors.id',
        'contributors.kind',
        'contributors.title_ar',
        'contributors.title_en',
        'contributors.bio_ar',
        'contributors.bio_en',
        'contributors.search_text',
        'contributors.photo_path',
        'contributors.center_id',
        'contributors.can_create_slots',
        'people.full_name',
      ])
      .execute()
    const links = await db
      .selectFrom('contributor_subjects')
      .innerJoin('subjects', 'subjects.id', 'contributor_subjects.subject_id')
      .select(['contributor_id', 'subjects.type', 'subjects.bsa', 'subjects.name_ar'])
      .execute()
    for (const e of experts) {
      const mine = links.filter((l) => l.contributor_id === e.id)
      expect(mine.length).toBeGreaterThanOrEqual(1)
      expect(mine.length).toBeLessThanOrEqual(4)
      for (const s of mine) {
        if (e.kind === 'bsa') expect(s.bsa).toBe(1)
        else expect(s.type).toBe({ consultant: 1, advisor: 2, partner: 4 }[e.kind])
        expect(e.search_text).toContain(normalizeArabic(s.name_ar))
      }
      expect(e.title_ar).toMatch(/[\u0600-\u06FF]/)
      expect(e.title_en).toMatch(/^[A-Z][\w -]+$/)
      expect(e.bio_ar.length).toBeGreaterThan(40)
      expect(e.bio_en.length).toBeGreaterThan(40)
      expect(e.search_text).toBe(normalizeArabic(e.search_text))
      expect(e.search_text).toContain(normalizeArabic(e.full_name))
      expect(e.photo_path).toBe(`/api/files/avatars/c-${e.id}.svg`)
      if (e.kind !== 'partner') expect(e.center_id).not.toBeNull()
    }
    // "Mostly" able to manage their slots, not all.
    const canCreate = experts.filter((e) => e.can_create_slots === 1).length
    expect(canCreate / experts.length).toBeGreaterThan(0.7)
    // Both women and men: feminine titles appear beside masculine ones.
    expect(experts.some((e) => /^(مستشارة|مرشدة|خبيرة)/.test(e.title_ar))).toBe(true)
    expect(experts.some((e) => /^(مستشار |مرشد |خبير )/.test(e.title_ar))).toBe(true)
  })

  it('gives every expert the gender their name and title have: the women («بنت») are female', async () => {
    const experts = await db
      .selectFrom('contributors')
      .innerJoin('people', 'people.id', 'contributors.person_id')
      .select(['contributors.gender', 'contributors.title_ar', 'people.full_name', 'people.subject'])
      .execute()
    expect(experts).toHaveLength(summary.experts)
    for (const e of experts) {
      // The title was written in the expert's gender (see describeExpert).
      expect(e.gender, e.full_name).toBe(/^(مستشارة|مرشدة|خبيرة)/.test(e.title_ar) ? 'female' : 'male')
      if (e.full_name.includes(' بنت ')) expect(e.gender, e.full_name).toBe('female')
      if (e.full_name.includes(' بن ')) expect(e.gender, e.full_name).toBe('male')
    }
    const dev = (subject: string) => experts.find((e) => e.subject === subject)?.gender
    expect(dev('dev-advisor')).toBe('female')
    expect(dev('dev-bsa')).toBe('female')
    expect(dev('dev-consultant')).toBe('male')
    expect(experts.filter((e) => e.gender === 'female').length).toBeGreaterThan(5)
  })

  it('seeds subjects of types 1, 2 and 4 with some bsa, and centers with one to three offices', async () => {
    const subjects = await db.selectFrom('subjects').selectAll().execute()
    expect(subjects.length).toBeGreaterThanOrEqual(18)
    expect(new Set(subjects.map((s) => s.type))).toEqual(new Set([1, 2, 4]))
    expect(subjects.filter((s) => s.bsa === 1).length).toBeGreaterThanOrEqual(3)
    for (const s of subjects) {
      expect(s.name_ar).toMatch(/[\u0600-\u06FF]/)
      expect(s.name_en).toMatch(/^[A-Z]/)
    }
    const centers = await db.selectFrom('centers').selectAll().execute()
    expect(centers.length).toBeGreaterThanOrEqual(6)
    expect(centers.length).toBeLessThanOrEqual(8)
    for (const c of centers) {
      const offices = await db.selectFrom('offices').selectAll().where('center_id', '=', c.id).execute()
      expect(offices.length).toBeGreaterThanOrEqual(1)
      expect(offices.length).toBeLessThanOrEqual(3)
      for (const o of offices) expect(o.address_ar).toContain(c.city_ar)
    }
  })

  it('publishes free slots only in the future, within three weeks, in Riyadh working hours', async () => {
    const free = await db
      .selectFrom('slots')
      .selectAll()
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('sessions').select('sessions.id').whereRef('sessions.slot_id', '=', 'slots.id')),
        ),
      )
      .execute()
    expect(free.length).toBeGreaterThan(summary.experts * 3)
    for (const s of free) {
      expect(Date.parse(s.start_at)).toBeGreaterThan(NOW.getTime())
      expect(Date.parse(s.end_at)).toBeLessThanOrEqual(WINDOW_END)
      expect(Date.parse(s.end_at) - Date.parse(s.start_at)).toBe(HOUR)
      const { day, hour, minute } = riyadh(s.start_at)
      expect(minute).toBe(0)
      expect(day).toBeLessThanOrEqual(4)
      expect(hour).toBeGreaterThanOrEqual(9)
      expect(hour).toBeLessThanOrEqual(16)
      // Office-capable slots name an office; online-only ones don't.
      expect(s.office_id === null).toBe(s.availability === 2)
    }
    expect(new Set(free.map((s) => s.availability))).toEqual(new Set([1, 2, 3]))
    // A few per expert per week.
    const perExpert = new Map<number, number>()
    for (const s of free) perExpert.set(s.contributor_id, (perExpert.get(s.contributor_id) ?? 0) + 1)
    expect(perExpert.size).toBe(summary.experts)
    for (const n of perExpert.values()) expect(n).toBeLessThanOrEqual(3 * 8)
  })

  it("never overlaps one expert's slots, and puts an office slot in the expert's own center", async () => {
    const slots = await db
      .selectFrom('slots')
      .innerJoin('contributors', 'contributors.id', 'slots.contributor_id')
      .leftJoin('offices', 'offices.id', 'slots.office_id')
      .select([
        'slots.contributor_id',
        'slots.start_at',
        'slots.end_at',
        'slots.office_id',
        'contributors.center_id',
        'offices.center_id as office_center',
      ])
      .orderBy('slots.contributor_id')
      .orderBy('slots.start_at')
      .execute()
    for (let i = 1; i < slots.length; i++) {
      const [a, b] = [slots[i - 1]!, slots[i]!]
      if (a.contributor_id === b.contributor_id) expect(a.end_at <= b.start_at).toBe(true)
    }
    for (const s of slots) if (s.office_id !== null) expect(s.office_center).toBe(s.center_id)
  })

  it('books sessions consistently: live bookings hold their slot, past ones are history', async () => {
    const sessions = await db
      .selectFrom('sessions')
      .innerJoin('slots', 'slots.id', 'sessions.slot_id')
      .selectAll('sessions')
      .select([
        'slots.contributor_id as slot_contributor',
        'slots.start_at as slot_start',
        'slots.availability',
      ])
      .execute()
    for (const s of sessions) {
      expect(s.active_slot_id).toBe(LIVE_STATES.has(s.state) ? s.slot_id : null)
      expect(s.slot_contributor).toBe(s.contributor_id)
      expect(s.slot_start).toBe(s.start_at)
      // Way 0 (online) needs availability bit 2, way 1 (office) bit 1 and an office.
      expect(s.availability & (s.communication_way === 0 ? 2 : 1)).not.toBe(0)
      expect(s.office_id === null).toBe(s.communication_way === 0)
      const future = Date.parse(s.start_at) > NOW.getTime()
      expect(future).toBe(LIVE_STATES.has(s.state))
      if (s.state === 'ended') expect(s.ended_at! > s.started_at!).toBe(true)
      if (s.state === 'cancelled') expect(s.cancel_reason_id).not.toBeNull()
    }
    const dev = async (subject: string) =>
      (
        await db
          .selectFrom('people')
          .select('id')
          .where('issuer', '=', DEV_ISSUER_KEY)
          .where('subject', '=', subject)
          .executeTakeFirstOrThrow()
      ).id
    const sme = await dev('dev-sme')
    const both = await dev('dev-both')
    const mine = sessions.filter((s) => s.sme_id === sme)
    expect(mine.filter((s) => s.state === 'booked').length).toBeGreaterThanOrEqual(2)
    for (const state of ['ended', 'cancelled', 'sme_absent'])
      expect(mine.some((s) => s.state === state)).toBe(true)
    expect(sessions.some((s) => s.sme_id === both && s.state === 'ended')).toBe(true)
    expect(
      new Set(sessions.filter((s) => s.state === 'ended').map((s) => s.contributor_id)).size,
    ).toBeGreaterThan(3)
    const advisor = await db
      .selectFrom('contributors')
      .select('id')
      .where('person_id', '=', await dev('dev-advisor'))
      .executeTakeFirstOrThrow()
    const waiting = sessions.filter((s) => s.request_state === 'waiting')
    expect(waiting).toHaveLength(1)
    expect(waiting[0]).toMatchObject({ contributor_id: advisor.id, state: 'pending', sme_id: sme })
    // Business owners other than the dev accounts have history too.
    expect(new Set(sessions.map((s) => s.sme_id)).size).toBeGreaterThan(5)
    // No business owner is in two sessions at once.
    const times = sessions.map((s) => `${s.sme_id}@${s.start_at}`)
    expect(new Set(times).size).toBe(times.length)
  })

  it('gives business owners companies with registration numbers', async () => {
    const companies = await db.selectFrom('companies').selectAll().execute()
    expect(companies.length).toBeGreaterThanOrEqual(12)
    for (const c of companies) {
      expect(c.cr_number).toMatch(/^\d{10}$/)
      expect(c.name).toMatch(/[\u0600-\u06FF]/)
      expect(['idea_owner', 'launched_project', 'facing_challenge', 'growing']).toContain(c.phase)
    }
    const owners = await db
      .selectFrom('people')
      .select('subject')
      .where('id', 'in', [...new Set(companies.map((c) => c.person_id))])
      .execute()
    expect(owners.map((o) => o.subject)).toEqual(expect.arrayContaining(['dev-sme', 'dev-both']))
  })

  it('seeds the settings, FAQ and cancel reasons', async () => {
    const settings = await db.selectFrom('settings').selectAll().execute()
    expect(settings.map((s) => s.key).sort()).toEqual(
      [
        'about_us',
        'contact_email',
        'contact_mobile',
        'contact_whatsapp',
        'mentor_url',
        'terms_and_conditions',
        'terms_and_conditions_contributor',
        'working_hours',
      ].sort(),
    )
    for (const s of settings) expect(s.value_ar && s.value_en).toBeTruthy()
    const hours = settings.find((s) => s.key === 'working_hours')!
    expect(JSON.parse(hours.value_ar)).toEqual(JSON.parse(hours.value_en))
    expect(JSON.parse(hours.value_ar)).toEqual({
      time_zone: 'Asia/Riyadh',
      slot_minutes: 60,
      days: [0, 1, 2, 3, 4].map((day) => ({ day, start: '09:00', end: '17:00' })),
    })
    expect(settings.find((s) => s.key === 'mentor_url')!.value_ar).toMatch(/^https:\/\//)
    expect(settings.find((s) => s.key === 'contact_mobile')!.value_ar).toMatch(/^\+9665\d{8}$/)
    expect((await db.selectFrom('faqs').selectAll().execute()).length).toBeGreaterThanOrEqual(8)
    const reasons = await db.selectFrom('cancel_reasons').selectAll().execute()
    expect(reasons).toHaveLength(5)
    expect(reasons.filter((r) => r.requires_details === 1)).toHaveLength(1)
  })

  it('leaves a database that holds data alone', async () => {
    const again = await seedDatabase(ctx.store, { now: NOW, experts: 3 })
    expect(again).toEqual({ ...summary, created: false })
  })

  it('serves the routes from a seeded database', async () => {
    const subjects = await jsonOf(ctx.get('/api/dashboard/subjects?type=4', null, 'en'))
    expect(subjects.data.map((s: { name: string }) => s.name)).toContain('Government procurement')
    const consultant = await db
      .selectFrom('contributors')
      .innerJoin('people', 'people.id', 'contributors.person_id')
      .select(['contributors.id', 'contributors.center_id'])
      .where('people.subject', '=', 'dev-consultant')
      .executeTakeFirstOrThrow()
    const offices = await ctx.get(`/api/center/offices?contributor=${consultant.id}`)
    expect(offices.json().data.length).toBeGreaterThan(0)
    for (const o of offices.json().data) expect(o.center_id).toBe(consultant.center_id)
    const settings = await ctx.get('/api/dashboard/settings')
    expect(settings.json().data.faqs.length).toBeGreaterThanOrEqual(8)
    expect(settings.json().data.contact.email).toContain('@')
    const avatar = await ctx.get(`/api/files/avatars/c-${consultant.id}.svg`)
    expect(avatar.statusCode).toBe(200)
    expect(avatar.body).toContain('<title>د. فيصل بن عبدالله الحربي</title>')
  })

  it('starts afresh after clearDatabase, with ids from 1 again', async () => {
    await clearDatabase(ctx.store)
    expect(await isEmpty(ctx.store)).toBe(true)
    expect(await db.selectFrom('sessions').select('id').execute()).toEqual([])
    const small = await seedDatabase(ctx.store, { now: NOW, experts: 4 })
    expect(small.experts).toBe(9)
    const first = await db
      .selectFrom('people')
      .select(['id', 'subject'])
      .orderBy('id')
      .executeTakeFirstOrThrow()
    expect(first).toEqual({ id: 1, subject: 'dev-sme' })
    // Rows made later (by the API) get fresh ids after the seeded ones.
    const made = await db
      .insertInto('people')
      .values({ issuer: 'test', subject: 'later', full_name: 'لاحق', created_at: NOW.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(made.id).toBe(small.people + 1)
  })
})

eachDatabase('seedDatabase determinism and scale', (dialect) => {
  const TABLES: (keyof Database)[] = [
    'people',
    'contributors',
    'contributor_subjects',
    'subjects',
    'centers',
    'offices',
    'slots',
    'sessions',
    'companies',
    'settings',
    'faqs',
    'cancel_reasons',
  ]
  /** Seeds a fresh database and dumps it (one database open at a time). */
  const seedAndDump = async (options: Parameters<typeof seedDatabase>[1]) => {
    const c = await createTestContext(dialect)
    try {
      await seedDatabase(c.store, options)
      const out: Record<string, string[]> = {}
      for (const t of TABLES) {
        const rows = await c.store.db.selectFrom(t).selectAll().execute()
        // Sorted as text, so the comparison doesn't depend on the database's row order.
        out[t] = rows.map((r) => JSON.stringify(r)).sort()
      }
      return out
    } finally {
      await c.close()
    }
  }

  // Three freshly migrated databases: several seconds on a busy machine.
  it('makes the same rows from the same seed and time, and other people from another seed', {
    timeout: 30_000,
  }, async () => {
    const a = await seedAndDump({ now: NOW, seed: 42, experts: 40 })
    const b = await seedAndDump({ now: NOW, seed: 42, experts: 40 })
    const c = await seedAndDump({ now: NOW, seed: 43, experts: 40 })
    expect(b).toEqual(a)
    expect(c.people).not.toEqual(a.people)
    // The fixed parts don't depend on the seed.
    expect(c.subjects).toEqual(a.subjects)
    expect(c.settings).toEqual(a.settings)
  })

  it('makes 500 experts in batches', { timeout: 60_000 }, async () => {
    const c = await createTestContext(dialect)
    try {
      const s = await seedDatabase(c.store, { now: NOW, experts: 500 })
      expect(s.experts).toBe(505)
      expect(s.slots).toBeGreaterThan(505 * 6)
      const links = await c.store.db
        .selectFrom('contributor_subjects')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      expect(Number(links.n)).toBeGreaterThanOrEqual(505)
      // An experts count well past one batch still keeps the dev accounts first.
      const first = await c.store.db
        .selectFrom('contributors')
        .select('person_id')
        .orderBy('id')
        .executeTakeFirstOrThrow()
      expect(first.person_id).toBe(2)
    } finally {
      await c.close()
    }
  })

  it('refuses a number of experts it cannot make', async () => {
    const c = await createTestContext(dialect)
    try {
      await expect(seedDatabase(c.store, { experts: -1 })).rejects.toThrow(RangeError)
      await expect(seedDatabase(c.store, { experts: 1.5 })).rejects.toThrow(RangeError)
      expect(await isEmpty(c.store)).toBe(true)
    } finally {
      await c.close()
    }
  })
})

describe('the seeded texts', () => {
  it('number the Arabic terms in Arabic-Indic digits, as the Arabic pages write numbers (issue 31)', () => {
    for (const key of ['terms_and_conditions', 'terms_and_conditions_contributor']) {
      const arabic = SETTINGS[key]!.ar
      expect(arabic, key).not.toMatch(/[0-9]/)
      expect(arabic.split('\n')[0], key).toMatch(/^١\. /)
    }
  })
})
