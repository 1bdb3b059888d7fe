/**
 * Arabic demo data for a new database: the dev sign-in people, experts of the four
 * kinds with subjects, centers and free slots for the next three weeks, past and
 * upcoming sessions, and the site settings and lists. The same seed number and
 * `now` always make the same rows, on SQLite and PostgreSQL alike.
 */

import type { ContributorKind } from '@mashura/core'
import { type Kysely, sql } from 'kysely'
import type { Store } from '../db/database.ts'
import type { Database, NewRow } from '../db/tables.ts'
import { addSearchWords } from '../domain/contributors.ts'
import { DEV_ACCOUNTS, DEV_ISSUER_KEY } from '../oidc/dev-accounts.ts'
import { buildSearchText, rankingFields } from '../search/arabic.ts'
import { vocabularyWords } from '../search/typos.ts'
import { DAY_MS, futureHours, iso, pastHours, SLOT_MS } from './calendar.ts'
import {
  BOOKING_NOTES,
  CANCEL_REASONS,
  CENTERS,
  COMPANY_NAMES,
  CR_PREFIX_BY_CITY,
  FAQS,
  KIND_ROLES,
  SETTINGS,
  SUBJECTS,
  type SubjectSeed,
  subjectFitsKind,
} from './catalogue.ts'
import { seedIntegrationCatalogue } from './integration-catalogue.ts'
import { makeName, type PersonName } from './names.ts'
import { createRandom, type Random } from './random.ts'
import { seedRatingCatalogue } from './rating-catalogue.ts'

/** How many experts the seed makes besides the dev accounts, unless told otherwise. */
export const DEFAULT_EXPERTS = 48
/** The seed number used unless told otherwise. */
export const DEFAULT_SEED = 1
/** The most experts one seed makes. */
export const MAX_EXPERTS = 100_000
/** Rows per INSERT: well inside SQLite's and PostgreSQL's limits on bound parameters. */
const BATCH_ROWS = 500
/** Business owners made besides the dev accounts. */
const EXTRA_BUSINESS_OWNERS = 10
/** How far back past sessions go. */
const HISTORY_DAYS = 60

/** What to seed. */
export interface SeedOptions {
  /** Experts to make besides the dev accounts' five; 48 by default. */
  experts?: number
  /** The moment slots are planned from (they all start after it); the current time by default. */
  now?: Date
  /**
   * The public address, for callers that know it. Stored photo paths are site-relative
   * (`/api/files/avatars/…`) and made absolute when served, so the data stays valid
   * when PUBLIC_URL changes; nothing stored depends on this.
   */
  publicUrl?: string
  /** The random seed; the same seed and `now` make the same rows. */
  seed?: number
}

/** What a database holds after seeding (or already held, when `created` is false). */
export interface SeedSummary {
  /** False when the database already held data and was left untouched. */
  created: boolean
  /** The random seed used. */
  seed: number
  people: number
  experts: number
  expertsByKind: Record<ContributorKind, number>
  subjects: number
  centers: number
  offices: number
  slots: number
  sessions: number
  sessionsByState: Record<string, number>
  companies: number
  settings: number
  faqs: number
  cancelReasons: number
}

/** The tables `isEmpty` looks at: any row in one of them means someone put data there. */
const MARKER_TABLES = ['people', 'subjects', 'centers', 'settings'] as const

async function isEmptyDb(db: Kysely<Database>): Promise<boolean> {
  for (const table of MARKER_TABLES) {
    const row = await db.selectFrom(table).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst()
    if (row) return false
  }
  return true
}

/** Whether the database holds no people, subjects, centers or settings yet (a new database). */
export function isEmpty(store: Store): Promise<boolean> {
  return isEmptyDb(store.db)
}

/**
 * Runs `work` holding the database's write lock, so that two instances starting on
 * one new database don't both seed it: PostgreSQL locks `people`, SQLite begins an
 * IMMEDIATE transaction (its busy timeout makes the other writer wait).
 */
async function exclusively<T>(store: Store, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (store.dialect === 'postgres') {
    return store.db.transaction().execute(async (trx) => {
      await sql`lock table people in exclusive mode`.execute(trx)
      return work(trx)
    })
  }
  return store.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn)
    try {
      const out = await work(conn)
      await sql`commit`.execute(conn)
      return out
    } catch (error) {
      await sql`rollback`.execute(conn)
      throw error
    }
  })
}

/**
 * Deletes every row of every table (the migrations' own bookkeeping stays) and
 * restarts the ids: what `npm run seed -- --force` does before seeding.
 */
export async function clearDatabase(store: Store): Promise<void> {
  if (store.dialect === 'postgres') {
    const { rows } = await sql<{ tablename: string }>`
      select tablename from pg_tables
      where schemaname = current_schema() and tablename not like 'kysely\\_%'`.execute(store.db)
    if (rows.length === 0) return
    await sql`truncate table ${sql.join(rows.map((r) => sql.table(r.tablename)))} restart identity cascade`.execute(
      store.db,
    )
    return
  }
  await store.db.connection().execute(async (conn) => {
    const { rows: all } = await sql<{ name: string; sql: string | null }>`
      select name, sql from sqlite_master
      where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_%' escape '\\'`.execute(
      conn,
    )
    // Full-text tables and their shadow tables are SQLite's to keep: the triggers on the
    // content tables update them as rows go, and writing to them directly is refused.
    const virtual = all.filter((t) => /^create virtual table/i.test(t.sql ?? '')).map((t) => t.name)
    const rows = all.filter((t) => !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)))
    // Rows reference each other in every direction; checks are off only while everything goes.
    await sql`pragma foreign_keys = off`.execute(conn)
    try {
      await sql`begin immediate`.execute(conn)
      for (const r of rows) await sql`delete from ${sql.table(r.name)}`.execute(conn)
      const sequence = await sql`select 1 from sqlite_master where name = 'sqlite_sequence'`.execute(conn)
      if (sequence.rows.length > 0) await sql`delete from sqlite_sequence`.execute(conn)
      await sql`commit`.execute(conn)
    } catch (error) {
      await sql`rollback`.execute(conn)
      throw error
    } finally {
      await sql`pragma foreign_keys = on`.execute(conn)
    }
  })
}

/** Counts what the database holds. */
async function summarize(db: Kysely<Database>, created: boolean, seed: number): Promise<SeedSummary> {
  const count = async (table: keyof Database) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
  const expertsByKind: Record<ContributorKind, number> = { bsa: 0, advisor: 0, consultant: 0, partner: 0 }
  for (const r of await db
    .selectFrom('contributors')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('kind')
    .execute())
    expertsByKind[r.kind] = Number(r.n)
  const sessionsByState: Record<string, number> = {}
  for (const r of await db
    .selectFrom('sessions')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .orderBy('state')
    .execute())
    sessionsByState[r.state] = Number(r.n)
  return {
    created,
    seed,
    people: await count('people'),
    experts: await count('contributors'),
    expertsByKind,
    subjects: await count('subjects'),
    centers: await count('centers'),
    offices: await count('offices'),
    slots: await count('slots'),
    sessions: await count('sessions'),
    sessionsByState,
    companies: await count('companies'),
    settings: await count('settings'),
    faqs: await count('faqs'),
    cancelReasons: await count('cancel_reasons'),
  }
}

// ------------------------------------------------------------------------------------------ plan

/** Every row the seed inserts, with ids chosen up front so rows can refer to each other. */
interface Plan {
  subjects: NewRow<'subjects'>[]
  centers: NewRow<'centers'>[]
  offices: NewRow<'offices'>[]
  people: NewRow<'people'>[]
  contributors: NewRow<'contributors'>[]
  ranking_fields: NewRow<'ranking_fields'>[]
  contributor_subjects: NewRow<'contributor_subjects'>[]
  companies: NewRow<'companies'>[]
  slots: NewRow<'slots'>[]
  sessions: NewRow<'sessions'>[]
  settings: NewRow<'settings'>[]
  faqs: NewRow<'faqs'>[]
  cancel_reasons: NewRow<'cancel_reasons'>[]
}

/** An expert as the planner tracks them. */
interface PlannedExpert {
  contributorId: number
  personId: number
  kind: ContributorKind
  subjectIds: number[]
  centerIndex: number | null
  /** Availability values this expert's slots take. */
  modes: readonly (1 | 2 | 3)[]
  /** Free future slots, earliest first. */
  slots: NewRow<'slots'>[]
}

/** The dev accounts' expert profiles: fixed, so demos look the same every time. */
const DEV_PROFILES: Record<
  string,
  { female: boolean; en: string; subjects: string[]; center: number | null; years: number }
> = {
  'dev-consultant': {
    female: false,
    en: 'Dr. Faisal Abdullah Al-Harbi',
    subjects: ['Financing and cash-flow management', 'Accounting, zakat and tax', 'Corporate governance'],
    center: 0,
    years: 15,
  },
  'dev-advisor': {
    female: true,
    en: 'Haifa Mohammed Al-Zahrani',
    subjects: ['Writing a business plan', 'Feasibility studies'],
    center: 1,
    years: 9,
  },
  'dev-partner': {
    female: false,
    en: 'Eng. Turki Khalid Al-Otaibi',
    subjects: ['Government procurement', 'Partnerships with large companies'],
    center: 2,
    years: 12,
  },
  'dev-bsa': {
    female: true,
    en: 'Reem Fahad Al-Dosari',
    subjects: ['Digital marketing', 'Human resources', 'Writing a business plan'],
    center: 0,
    years: 7,
  },
  'dev-both': {
    female: false,
    en: 'Abdulrahman Nasser Al-Shehri',
    subjects: ['E-commerce', 'Exporting and international markets'],
    center: 0,
    years: 6,
  },
}

function yearsAr(n: number): string {
  // Arabic counts 3–10 take a plural noun, 11 and up a singular accusative.
  return n <= 10 ? `${n} أعوام` : `${n} عامًا`
}

/** A title and bio in both languages for an expert of a kind advising on some subjects. */
export function describeExpert(
  kind: ContributorKind,
  female: boolean,
  subjects: readonly SubjectSeed[],
  years: number,
): { title_ar: string; title_en: string; bio_ar: string; bio_en: string } {
  const role = KIND_ROLES[kind]
  const [main, second] = subjects
  if (!main) throw new Error('an expert needs a subject')
  const title_ar = `${female ? role.female : role.male} في ${main.field_ar}`
  const title_en = `${role.en} in ${main.field_en}`
  let bio_ar = `${title_ar} بخبرة ${yearsAr(years)} في دعم المنشآت الصغيرة والمتوسطة. ${female ? 'تساعد' : 'يساعد'} أصحاب المنشآت على ${main.help_ar}.`
  let bio_en = `${role.en} with ${years} years of experience supporting small and medium businesses. Helps business owners ${main.help_en}.`
  if (second) {
    bio_ar += ` ${female ? 'وتقدّم' : 'ويقدّم'} المشورة أيضًا في ${second.field_ar}.`
    bio_en += ` Also advises on ${second.field_en}.`
  }
  return { title_ar, title_en, bio_ar, bio_en }
}

function weighted<T>(random: Random, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((sum, [, w]) => sum + w, 0)
  let roll = random.next() * total
  for (const [value, w] of options) {
    roll -= w
    if (roll < 0) return value
  }
  return options[options.length - 1]![0]
}

const KIND_WEIGHTS = [
  ['consultant', 40],
  ['advisor', 25],
  ['bsa', 20],
  ['partner', 15],
] as const satisfies readonly (readonly [ContributorKind, number])[]

const PHASES = ['idea_owner', 'launched_project', 'facing_challenge', 'growing'] as const

/** Builds every row in memory. */
function plan(random: Random, now: Date, expertCount: number): Plan {
  const nowMs = now.getTime()
  const p: Plan = {
    subjects: [],
    centers: [],
    offices: [],
    people: [],
    contributors: [],
    ranking_fields: [],
    contributor_subjects: [],
    companies: [],
    slots: [],
    sessions: [],
    settings: [],
    faqs: [],
    cancel_reasons: [],
  }
  const ago = (maxDays: number, minDays = 1) =>
    iso(nowMs - random.int(minDays * 86_400, maxDays * 86_400) * 1000)

  SUBJECTS.forEach((s, i) => {
    p.subjects.push({ id: i + 1, name_ar: s.name_ar, name_en: s.name_en, type: s.type, bsa: s.bsa })
  })
  const subjectIdByEnglish = new Map(SUBJECTS.map((s, i) => [s.name_en, i + 1]))
  const officeIdsByCenter: number[][] = []
  CENTERS.forEach((c, i) => {
    p.centers.push({
      id: i + 1,
      name_ar: c.name_ar,
      name_en: c.name_en,
      city_ar: c.city_ar,
      city_en: c.city_en,
    })
    officeIdsByCenter.push([])
    for (const o of c.offices) {
      const id = p.offices.length + 1
      p.offices.push({ id, center_id: i + 1, ...o })
      officeIdsByCenter[i]!.push(id)
    }
  })

  const weeks = futureHours(now)
  const addPerson = (name: string, email: string, extra: Partial<NewRow<'people'>> = {}) => {
    const id = p.people.length + 1
    p.people.push({
      id,
      issuer: extra.issuer ?? DEV_ISSUER_KEY,
      subject: extra.subject ?? `demo-${id}`,
      full_name: name,
      email,
      phone: extra.phone ?? `+9665${random.digits(8)}`,
      photo_path: `/api/files/avatars/p-${id}.svg`,
      is_admin: extra.is_admin ?? 0,
      created_at: extra.created_at ?? ago(900, 30),
    })
    return id
  }

  const experts: PlannedExpert[] = []
  const addExpert = (
    personId: number,
    name: PersonName,
    kind: ContributorKind,
    subjectIds: number[],
    centerIndex: number | null,
    years: number,
    flags: { create: boolean; del: boolean; chat: boolean; joinNow: boolean; instant: boolean },
    slotsPerWeek: () => number,
  ) => {
    const id = p.contributors.length + 1
    const subjects = subjectIds.map((s) => SUBJECTS[s - 1]!)
    const text = describeExpert(kind, name.female, subjects, years)
    const searchParts = {
      name: `${name.ar} ${name.en}`,
      titles: [text.title_ar, text.title_en],
      subjects: subjects.flatMap((s) => [s.name_ar, s.name_en]),
      bios: [text.bio_ar, text.bio_en],
    }
    p.contributors.push({
      id,
      person_id: personId,
      kind,
      // The women («… بنت …») are titled in the feminine: «مستشارة», «مرشدة».
      gender: name.female ? 'female' : 'male',
      ...text,
      search_text: buildSearchText(searchParts),
      center_id: centerIndex === null ? null : centerIndex + 1,
      can_create_slots: flags.create ? 1 : 0,
      can_delete_slots: flags.del ? 1 : 0,
      chat_status: flags.chat ? 1 : 0,
      join_now_enabled: flags.joinNow ? 1 : 0,
      available_for_instant: flags.instant ? 1 : 0,
      photo_path: `/api/files/avatars/c-${id}.svg`,
      created_at: ago(730),
    })
    p.ranking_fields.push({ contributor_id: id, ...rankingFields(searchParts) })
    for (const subject_id of subjectIds) p.contributor_subjects.push({ contributor_id: id, subject_id })
    // Without a center there is no office to receive business owners in.
    const modes: readonly (1 | 2 | 3)[] =
      centerIndex === null
        ? [2]
        : weighted(random, [
            [[2], 4],
            [[2, 3], 3],
            [[1, 2, 3], 2],
            [[1], 1],
          ] as const)
    const expert: PlannedExpert = {
      contributorId: id,
      personId,
      kind,
      subjectIds,
      centerIndex,
      modes,
      slots: [],
    }
    // Distinct whole hours never overlap, so one expert's slots can't either.
    for (const week of weeks) {
      for (const start of random.sample(week, slotsPerWeek()).sort((a, b) => a - b)) {
        expert.slots.push(slotRow(expert, start, ago(14)))
      }
    }
    expert.slots.sort((a, b) => a.start_at.localeCompare(b.start_at))
    p.slots.push(...expert.slots)
    experts.push(expert)
    return expert
  }
  const slotRow = (expert: PlannedExpert, start: number, createdAt: string): NewRow<'slots'> => {
    const availability = random.pick(expert.modes)
    const offices = expert.centerIndex === null ? [] : officeIdsByCenter[expert.centerIndex]!
    return {
      id: p.slots.length + expert.slots.length + 1,
      contributor_id: expert.contributorId,
      start_at: iso(start),
      end_at: iso(start + SLOT_MS),
      availability,
      office_id: availability === 2 ? null : random.pick(offices),
      created_at: createdAt,
    }
  }

  // The dev accounts first, in their own order, so their ids are 1–7 on every database.
  const devPeople = new Map<string, number>()
  const devExperts = new Map<string, PlannedExpert>()
  for (const account of DEV_ACCOUNTS) {
    const personId = addPerson(account.name, account.email, {
      subject: account.subject,
      is_admin: account.admin ? 1 : 0,
    })
    devPeople.set(account.subject, personId)
    const profile = DEV_PROFILES[account.subject]
    if (account.contributor && profile) {
      const name: PersonName = { female: profile.female, ar: account.name, en: profile.en }
      const subjectIds = profile.subjects.map((n) => {
        const id = subjectIdByEnglish.get(n)
        if (!id) throw new Error(`unknown subject ${n}`)
        return id
      })
      const expert = addExpert(
        personId,
        name,
        account.contributor.kind,
        subjectIds,
        profile.center,
        profile.years,
        {
          create: true,
          del: true,
          chat: account.contributor.chat,
          joinNow: account.contributor.instant,
          instant: false,
        },
        () => random.int(6, 8),
      )
      devExperts.set(account.subject, expert)
    }
  }

  for (let i = 0; i < expertCount; i++) {
    // The first four cover every kind, whatever the weights draw for a small count.
    const kind: ContributorKind =
      i < 4 ? (['consultant', 'advisor', 'partner', 'bsa'] as const)[i]! : weighted(random, KIND_WEIGHTS)
    const female = random.chance(0.4)
    const name = makeName(random, { female, honorific: true })
    const personId = addPerson(name.ar, `expert${i + 1}@example.sa`, { subject: `demo-expert-${i + 1}` })
    const fits = SUBJECTS.flatMap((s, index) => (subjectFitsKind(s, kind) ? [index + 1] : []))
    const subjectIds = random.sample(fits, random.pick([1, 2, 2, 3, 3, 4]))
    const centerIndex = kind === 'partner' && random.chance(0.5) ? null : random.int(0, CENTERS.length - 1)
    const joinNow = random.chance(0.25)
    addExpert(
      personId,
      name,
      kind,
      subjectIds,
      centerIndex,
      random.int(4, 25),
      {
        create: random.chance(0.9),
        del: random.chance(0.8),
        chat: random.chance(0.4),
        joinNow,
        instant: joinNow && random.chance(0.5),
      },
      () => random.int(2, 5),
    )
  }

  // Business owners: the two dev accounts who are business owners, and a few more.
  const owners: number[] = [devPeople.get('dev-sme')!, devPeople.get('dev-both')!]
  for (let i = 0; i < EXTRA_BUSINESS_OWNERS; i++) {
    const name = makeName(random, { female: random.chance(0.45), honorific: false })
    owners.push(addPerson(name.ar, `owner${i + 1}@example.sa`, { subject: `demo-owner-${i + 1}` }))
  }
  const companyNames = random.sample(COMPANY_NAMES, COMPANY_NAMES.length)
  owners.forEach((personId, i) => {
    const count = i === 0 ? 2 : random.chance(0.2) ? 2 : 1
    for (let c = 0; c < count; c++) {
      const center = random.pick(CENTERS)
      const n = p.companies.length
      const base = companyNames[n % companyNames.length]!
      p.companies.push({
        id: n + 1,
        person_id: personId,
        name: n < companyNames.length ? base : `${base} ${Math.floor(n / companyNames.length) + 1}`,
        cr_number: `${CR_PREFIX_BY_CITY[center.city_ar] ?? '1010'}${random.digits(6)}`,
        city: center.city_ar,
        phase: random.pick(PHASES),
        created_at: ago(900, 60),
      })
    }
  })

  CANCEL_REASONS.forEach((r, i) => {
    p.cancel_reasons.push({ id: i + 1, ...r })
  })
  FAQS.forEach((f, i) => {
    p.faqs.push({ id: i + 1, ...f, position: i + 1 })
  })
  for (const [key, value] of Object.entries(SETTINGS))
    p.settings.push({ key, value_ar: value.ar, value_en: value.en })

  planSessions(p, random, now, experts, devExperts, devPeople, owners)
  return p
}

/** Past sessions (with the past slots they were held in), upcoming bookings and one waiting request. */
function planSessions(
  p: Plan,
  random: Random,
  now: Date,
  experts: PlannedExpert[],
  devExperts: Map<string, PlannedExpert>,
  devPeople: Map<string, number>,
  owners: number[],
): void {
  const nowMs = now.getTime()
  const past = pastHours(now, HISTORY_DAYS)
  const busy = new Set<string>()
  const isBusy = (kind: 'c' | 's', id: number, start: number) => busy.has(`${kind}${id}@${start}`)
  const markBusy = (expert: PlannedExpert, smeId: number, start: number) => {
    busy.add(`c${expert.contributorId}@${start}`)
    busy.add(`s${smeId}@${start}`)
  }
  for (const e of experts) for (const s of e.slots) busy.add(`c${e.contributorId}@${Date.parse(s.start_at)}`)

  const dev = (subject: string) => devExperts.get(subject)!
  const devSme = devPeople.get('dev-sme')!
  const devBoth = devPeople.get('dev-both')!
  const devBothExpert = dev('dev-both')
  const reasonIds = p.cancel_reasons.map((r) => r.id!)

  type State = 'ended' | 'cancelled' | 'sme_absent'
  const addPast = (smeId: number, expert: PlannedExpert, state: State) => {
    let start: number | undefined
    for (let attempt = 0; attempt < 40 && start === undefined; attempt++) {
      const candidate = random.pick(past)
      if (!isBusy('c', expert.contributorId, candidate) && !isBusy('s', smeId, candidate)) start = candidate
    }
    if (start === undefined) return
    markBusy(expert, smeId, start)
    const createdMs = start - random.int(1, 10) * DAY_MS - random.int(0, 8) * 3_600_000
    const availability = random.pick(expert.modes)
    const offices =
      expert.centerIndex === null ? [] : p.offices.filter((o) => o.center_id === expert.centerIndex! + 1)
    const officeId = availability === 2 ? null : random.pick(offices).id!
    const slotId = p.slots.length + 1
    p.slots.push({
      id: slotId,
      contributor_id: expert.contributorId,
      start_at: iso(start),
      end_at: iso(start + SLOT_MS),
      availability,
      office_id: officeId,
      created_at: iso(createdMs - random.int(1, 10) * DAY_MS),
    })
    const way: 0 | 1 = availability === 1 ? 1 : availability === 2 ? 0 : random.pick([0, 1] as const)
    const minute = 60_000
    let startedAt: number | null = null
    let endedAt: number | null = null
    let updatedMs = createdMs
    let cancelReasonId: number | null = null
    let cancelReason: string | null = null
    if (state === 'ended') {
      startedAt = start + random.int(0, 5) * minute
      endedAt = start + random.int(35, 60) * minute
      updatedMs = endedAt
    } else if (state === 'sme_absent') {
      startedAt = start + random.int(0, 3) * minute
      endedAt = start + 15 * minute
      updatedMs = endedAt
    } else {
      cancelReasonId = random.pick(reasonIds)
      if (CANCEL_REASONS[cancelReasonId - 1]?.requires_details)
        cancelReason = 'اعتذر لارتباطي بورشة عمل خارج المدينة في الموعد نفسه.'
      updatedMs = Math.max(createdMs + 3_600_000, start - random.int(2, 48) * 3_600_000)
    }
    const advisor = expert.kind === 'advisor'
    p.sessions.push({
      id: p.sessions.length + 1,
      slot_id: slotId,
      active_slot_id: null,
      contributor_id: expert.contributorId,
      sme_id: smeId,
      subject_id: random.pick(expert.subjectIds),
      communication_way: way,
      office_id: way === 1 ? officeId : null,
      state,
      // Advisors' bookings start as requests; these were accepted before being held.
      request_state: advisor ? 'accepted' : null,
      request_reason: null,
      answered_at: advisor ? iso(createdMs + random.int(1, 20) * 3_600_000) : null,
      description: random.pick(BOOKING_NOTES),
      start_at: iso(start),
      end_at: iso(start + SLOT_MS),
      started_at: startedAt === null ? null : iso(startedAt),
      ended_at: endedAt === null ? null : iso(endedAt),
      end_reason: null,
      cancel_reason_id: cancelReasonId,
      cancel_reason: cancelReason,
      is_instant: 0,
      meeting_provider: way === 0 && state !== 'cancelled' ? 'webrtc' : null,
      meeting_number: null,
      meeting_password: null,
      created_at: iso(createdMs),
      updated_at: iso(updatedMs),
    })
  }

  const generated = experts.slice(devExperts.size)
  const anyExpert = () =>
    generated.length > 0 && random.chance(0.6) ? random.pick(generated) : random.pick(experts)
  const randomState = (): State =>
    weighted(random, [
      ['ended', 7],
      ['cancelled', 2],
      ['sme_absent', 1],
    ] as const)

  // dev-sme's history touches every dev expert, so each dashboard has something to show.
  addPast(devSme, dev('dev-consultant'), 'ended')
  addPast(devSme, dev('dev-consultant'), 'ended')
  addPast(devSme, dev('dev-advisor'), 'ended')
  addPast(devSme, dev('dev-bsa'), 'cancelled')
  addPast(devSme, dev('dev-partner'), 'ended')
  addPast(devSme, devBothExpert, 'sme_absent')
  for (const state of ['ended', 'ended', 'cancelled'] as const) addPast(devSme, anyExpert(), state)
  addPast(devBoth, dev('dev-consultant'), 'ended')
  addPast(devBoth, dev('dev-advisor'), 'ended')
  for (const state of ['ended', 'sme_absent'] as const) {
    const e = anyExpert()
    if (e !== devBothExpert) addPast(devBoth, e, state)
  }
  for (const owner of owners.slice(2)) {
    for (let i = random.int(1, 3); i > 0; i--) {
      const fromDev = random.chance(0.4)
      addPast(owner, fromDev ? random.pick([...devExperts.values()]) : anyExpert(), randomState())
    }
  }

  // Upcoming: a booked slot stays in `slots`; the session holds it through active_slot_id.
  const booked = new Set<number>()
  const book = (
    smeId: number,
    expert: PlannedExpert,
    options: { way: 0 | 1 | null; notBeforeMs: number; request?: boolean },
  ) => {
    const slot = expert.slots.find((s) => {
      const start = Date.parse(s.start_at)
      const wayOk =
        options.way === null ||
        (options.way === 0 ? s.availability !== 1 : s.availability !== 2 && s.office_id !== null)
      return start >= options.notBeforeMs && wayOk && !isBusy('s', smeId, start) && !booked.has(s.id!)
    })
    if (!slot) return
    const start = Date.parse(slot.start_at)
    busy.add(`s${smeId}@${start}`)
    booked.add(slot.id!)
    const way: 0 | 1 = options.way ?? (slot.availability === 1 ? 1 : 0)
    const createdMs = nowMs - random.int(1, 72) * 3_600_000
    const advisor = expert.kind === 'advisor'
    const waiting = options.request === true
    p.sessions.push({
      id: p.sessions.length + 1,
      slot_id: slot.id!,
      active_slot_id: slot.id!,
      contributor_id: expert.contributorId,
      sme_id: smeId,
      subject_id: random.pick(expert.subjectIds),
      communication_way: way,
      office_id: way === 1 ? slot.office_id! : null,
      state: waiting ? 'pending' : 'booked',
      request_state: waiting ? 'waiting' : advisor ? 'accepted' : null,
      request_reason: null,
      answered_at: advisor && !waiting ? iso(createdMs + 3_600_000) : null,
      description: random.pick(BOOKING_NOTES),
      start_at: slot.start_at,
      end_at: slot.end_at,
      started_at: null,
      ended_at: null,
      end_reason: null,
      cancel_reason_id: null,
      cancel_reason: null,
      is_instant: 0,
      meeting_provider: null,
      meeting_number: null,
      meeting_password: null,
      created_at: iso(createdMs),
      updated_at: iso(createdMs),
    })
  }
  book(devSme, dev('dev-consultant'), { way: 0, notBeforeMs: nowMs + DAY_MS })
  book(devSme, dev('dev-bsa'), { way: 1, notBeforeMs: nowMs + 2 * DAY_MS })
  book(devSme, dev('dev-advisor'), { way: null, notBeforeMs: nowMs + 2 * DAY_MS, request: true })
  for (const owner of owners.slice(2, 8)) {
    const e = anyExpert()
    book(owner, e, { way: null, notBeforeMs: nowMs + random.int(1, 10) * DAY_MS })
  }
}

// ------------------------------------------------------------------------------------------ write

async function insertAll<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: readonly NewRow<T>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    // Kysely can't check a generic table's row type; the Plan's types do that.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH_ROWS) as never)
      .execute()
  }
}

/** The tables whose ids the seed chose, in an order that satisfies their references. */
const ID_TABLES = [
  'subjects',
  'centers',
  'offices',
  'people',
  'contributors',
  'companies',
  'slots',
  'sessions',
  'faqs',
  'cancel_reasons',
] as const

/**
 * Fills a new database with demo data and returns what it holds. A database that
 * already holds data is left untouched (the summary then says `created: false`):
 * the caller that lost a race to seed a new database finds it seeded.
 */
export async function seedDatabase(store: Store, options: SeedOptions = {}): Promise<SeedSummary> {
  const experts = options.experts ?? DEFAULT_EXPERTS
  if (!Number.isInteger(experts) || experts < 0 || experts > MAX_EXPERTS)
    throw new RangeError(`experts must be a whole number from 0 to ${MAX_EXPERTS}, got ${experts}`)
  const seed = options.seed ?? DEFAULT_SEED
  const now = options.now ?? new Date()
  return exclusively(store, async (db) => {
    if (!(await isEmptyDb(db))) return summarize(db, false, seed)
    const rows = plan(createRandom(seed), now, experts)
    await insertAll(db, 'subjects', rows.subjects)
    await insertAll(db, 'centers', rows.centers)
    await insertAll(db, 'offices', rows.offices)
    await insertAll(db, 'people', rows.people)
    await insertAll(db, 'contributors', rows.contributors)
    await insertAll(db, 'ranking_fields', rows.ranking_fields)
    await addSearchWords(db, vocabularyWords(rows.ranking_fields))
    await insertAll(db, 'contributor_subjects', rows.contributor_subjects)
    await insertAll(db, 'companies', rows.companies)
    await insertAll(db, 'slots', rows.slots)
    await insertAll(db, 'sessions', rows.sessions)
    await insertAll(db, 'settings', rows.settings)
    await insertAll(db, 'faqs', rows.faqs)
    await insertAll(db, 'cancel_reasons', rows.cancel_reasons)
    await seedRatingCatalogue(db)
    await seedIntegrationCatalogue(db)
    if (store.dialect === 'postgres') {
      // Ids were given explicitly, so move each identity past them for rows made later.
      for (const table of ID_TABLES) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
          db,
        )
      }
    }
    return summarize(db, true, seed)
  })
}
