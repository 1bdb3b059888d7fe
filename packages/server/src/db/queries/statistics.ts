/** A contributor's statistics, as rows: counts by state and way, session times, and the business owners met. */
import type { CompanyPhase } from '@mashura/core'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../tables.ts'
import { sessionRowsOnly } from './session-filters.ts'

type Db = Kysely<Database> | Transaction<Database>

/** The states in which a contributor met a business owner. */
const MET_STATES = ['ongoing', 'ended'] as const

/** A contributor's sessions (requests aside) counted: in all, by state, and by way (0 online, 1 office). */
export function sessionCountsOf(db: Db, contributorId: number) {
  const when = (column: 'state' | 'communication_way', value: string | number) =>
    sql<number>`coalesce(sum(case when ${sql.ref(column)} = ${value} then 1 else 0 end), 0)`
  return db
    .selectFrom('sessions')
    .where('contributor_id', '=', contributorId)
    .where(sessionRowsOnly)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      when('state', 'booked').as('booked'),
      when('state', 'ongoing').as('ongoing'),
      when('state', 'ended').as('ended'),
      when('state', 'cancelled').as('cancelled'),
      when('state', 'sme_absent').as('sme_absent'),
      when('communication_way', 0).as('online'),
      when('communication_way', 1).as('office'),
    ])
    .executeTakeFirstOrThrow()
}

/** The state and times of each of a contributor's sessions (requests aside). */
export function sessionTimesOf(db: Db, contributorId: number) {
  return db
    .selectFrom('sessions')
    .select(['state', 'start_at', 'end_at', 'started_at', 'ended_at'])
    .where('contributor_id', '=', contributorId)
    .where(sessionRowsOnly)
    .execute()
}

/** How many business owners a contributor met: in all, once, and more than once. */
export function metSmeTotals(db: Db, contributorId: number) {
  const perSme = db
    .selectFrom('sessions')
    .select((eb) => ['sme_id', eb.fn.countAll<number>().as('n')])
    .where('contributor_id', '=', contributorId)
    .where('state', 'in', MET_STATES)
    .where(sessionRowsOnly)
    .groupBy('sme_id')
  return db
    .selectFrom(perSme.as('t'))
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`coalesce(sum(case when t.n = 1 then 1 else 0 end), 0)`.as('once'),
      sql<number>`coalesce(sum(case when t.n > 1 then 1 else 0 end), 0)`.as('more'),
    ])
    .executeTakeFirstOrThrow()
}

/**
 * How many of a contributor's business owners are in each company phase, as the latest recommendation of
 * their sessions with the contributor (by start, then id) says.
 */
export async function latestPhaseCounts(db: Db, contributorId: number) {
  const result = await sql<{ company_phase: CompanyPhase; n: number }>`
    select company_phase, count(*) as n from (
      select r.company_phase, row_number() over (
        partition by s.sme_id order by s.start_at desc, s.id desc
      ) as rn
      from recommendations r
      join sessions s on s.id = r.session_id
      where s.contributor_id = ${contributorId} and r.company_phase is not null
    ) latest
    where rn = 1
    group by company_phase`.execute(db)
  return result.rows
}

/** The business owner and start of each of a contributor's meetings (ongoing or ended sessions). */
export function meetingsOf(db: Db, contributorId: number) {
  return db
    .selectFrom('sessions')
    .select(['sme_id', 'start_at'])
    .where('contributor_id', '=', contributorId)
    .where('state', 'in', MET_STATES)
    .where(sessionRowsOnly)
    .execute()
}
