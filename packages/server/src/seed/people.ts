/**
 * The seed's people: the dev sign-in accounts, experts of the four kinds (profile, subjects, center and free
 * slots for the next weeks) and the business owners with their companies.
 */
import type { ContributorKind } from '@mashura/core'
import { DEV_ACCOUNTS, DEV_ISSUER_KEY } from '../adapters/oidc/dev-accounts.ts'
import { buildSearchText, rankingFields } from '../adapters/search/arabic.ts'
import type { NewRow } from '../db/tables.ts'
import { futureHours, iso, SLOT_MS } from './calendar.ts'
import {
  CENTERS,
  COMPANY_NAMES,
  CR_PREFIX_BY_CITY,
  KIND_ROLES,
  SUBJECTS,
  type SubjectSeed,
  subjectFitsKind,
} from './catalogue.ts'
import { makeName, type PersonName } from './names.ts'
import type { Plan, PlannedExpert } from './plan.ts'
import { weighted } from './plan.ts'
import type { Random } from './random.ts'

/** Business owners made besides the dev accounts. */
const EXTRA_BUSINESS_OWNERS = 10

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

const KIND_WEIGHTS = [
  ['consultant', 40],
  ['advisor', 25],
  ['bsa', 20],
  ['partner', 15],
] as const satisfies readonly (readonly [ContributorKind, number])[]

const PHASES = ['idea_owner', 'launched_project', 'facing_challenge', 'growing'] as const

/** The people planned, as the session planner (sessions.ts) needs them. */
export interface PlannedPeople {
  /** Every expert, the dev accounts' first. */
  experts: PlannedExpert[]
  /** The dev accounts' experts, by OIDC subject. */
  devExperts: Map<string, PlannedExpert>
  /** The dev accounts' person ids, by OIDC subject. */
  devPeople: Map<string, number>
  /** The business owners' person ids, the two dev accounts' first. */
  owners: number[]
}

/**
 * Adds the people, experts (with their free slots), business owners and companies to a plan that already
 * holds the subjects, centers and offices.
 */
export function planPeople(p: Plan, random: Random, now: Date, expertCount: number): PlannedPeople {
  const nowMs = now.getTime()
  const ago = (maxDays: number, minDays = 1) =>
    iso(nowMs - random.int(minDays * 86_400, maxDays * 86_400) * 1000)

  const subjectIdByEnglish = new Map(SUBJECTS.map((s, i) => [s.name_en, i + 1]))
  const officeIdsByCenter = CENTERS.map((_, i) =>
    p.offices.filter((o) => o.center_id === i + 1).map((o) => o.id!),
  )

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
    if (account.seeded === false) continue
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
  return { experts, devExperts, devPeople, owners }
}
