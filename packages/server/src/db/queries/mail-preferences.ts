/**
 * Mail preferences' reads and writes (`mail_opt_outs`: a row per kind of mail a person turned off), and the
 * read of the ended sessions whose experts are reminded of unwritten recommendations. Which kinds exist and
 * which outbox mails each covers are `adapters/mail/preferences.ts`'s rules.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** The kinds of mail a person turned off. */
export function mailOptOutsOf(db: Db, personId: number) {
  return db.selectFrom('mail_opt_outs').select('kind').where('person_id', '=', personId).execute()
}

/** Turns a kind of mail off for a person (again is a no-op). */
export async function insertMailOptOut(db: Db, personId: number, kind: string, now: string): Promise<void> {
  await db
    .insertInto('mail_opt_outs')
    .values({ person_id: personId, kind, created_at: now })
    .onConflict((oc) => oc.columns(['person_id', 'kind']).doNothing())
    .execute()
}

/** Turns a kind of mail on again for a person. */
export async function deleteMailOptOut(db: Db, personId: number, kind: string): Promise<void> {
  await db.deleteFrom('mail_opt_outs').where('person_id', '=', personId).where('kind', '=', kind).execute()
}

/** Whether a person with this e-mail address turned this kind of mail off. */
export async function addressTurnedOff(db: Db, address: string, kind: string): Promise<boolean> {
  const row = await db
    .selectFrom('mail_opt_outs')
    .innerJoin('people', 'people.id', 'mail_opt_outs.person_id')
    .select('mail_opt_outs.person_id')
    .where('people.email', '=', address)
    .where('mail_opt_outs.kind', '=', kind)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The sessions that ended (or whose business owner was marked absent) after `after` and at or before `until`
 * and still have no recommendations, with their expert's person, name and address and the business owner's
 * name.
 */
export function endedSessionsWithoutRecommendations(db: Db, after: string, until: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('contributors', 'contributors.id', 'sessions.contributor_id')
    .innerJoin('people as expert', 'expert.id', 'contributors.person_id')
    .innerJoin('people as sme', 'sme.id', 'sessions.sme_id')
    .select([
      'sessions.id',
      'sessions.start_at',
      'sessions.end_at',
      'sessions.ended_at',
      'expert.id as expert_person_id',
      'expert.full_name as expert_name',
      'expert.email as expert_email',
      'sme.full_name as sme_name',
    ])
    .where('sessions.state', 'in', ['ended', 'sme_absent'])
    .where('sessions.ended_at', '>', after)
    .where('sessions.ended_at', '<=', until)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('recommendations')
            .select('recommendations.session_id')
            .whereRef('recommendations.session_id', '=', 'sessions.id'),
        ),
      ),
    )
    .orderBy('sessions.id')
    .execute()
}
