/**
 * Calendar feeds' reads and writes (issue 36, the `calendar_feeds` table): a person's working addresses, the
 * making of one (which revokes the person's earlier one for the role), its revocation, the address a token's
 * hash names, and the sessions a feed lists.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../tables.ts'
import { sessionRowsOnly } from './session-filters.ts'

type Db = Kysely<Database> | Transaction<Database>

/** A role a feed lists sessions for. */
export type FeedRole = 'sme' | 'contributor'

/** A person's working feeds, oldest role first. */
export function activeFeedsOf(db: Db, personId: number) {
  return db
    .selectFrom('calendar_feeds')
    .select(['role', 'created_at'])
    .where('person_id', '=', personId)
    .where('revoked_at', 'is', null)
    .orderBy('role')
    .execute()
}

/** Revokes the person's working feed for the role, if any; how many rows it revoked. */
export async function revokeFeed(db: Db, personId: number, role: FeedRole, now: string): Promise<number> {
  const result = await db
    .updateTable('calendar_feeds')
    .set({ revoked_at: now })
    .where('person_id', '=', personId)
    .where('role', '=', role)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Makes a feed for the person and role, revoking their earlier one in the same transaction. */
export async function replaceFeed(
  db: Kysely<Database>,
  personId: number,
  role: FeedRole,
  tokenHash: string,
  now: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await revokeFeed(trx, personId, role, now)
    await trx
      .insertInto('calendar_feeds')
      .values({ person_id: personId, role, token_hash: tokenHash, created_at: now })
      .execute()
  })
}

/**
 * The working feed a token's hash names, with its person's expert identity and whether the person's data was
 * erased; undefined for an unknown or revoked token.
 */
export function feedByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('calendar_feeds')
    .innerJoin('people', 'people.id', 'calendar_feeds.person_id')
    .leftJoin('contributors', 'contributors.person_id', 'people.id')
    .select([
      'calendar_feeds.person_id',
      'calendar_feeds.role',
      'people.erased_at',
      'contributors.id as contributor_id',
    ])
    .where('calendar_feeds.token_hash', '=', tokenHash)
    .where('calendar_feeds.revoked_at', 'is', null)
    .executeTakeFirst()
}

/**
 * The ids of the sessions (not requests) a feed lists: the person's as business owner, or the expert's, that
 * start at or after `since`, soonest first, at most `limit`.
 */
export function feedSessionIds(
  db: Db,
  who: { role: 'sme'; personId: number } | { role: 'contributor'; contributorId: number },
  since: string,
  limit: number,
) {
  return db
    .selectFrom('sessions')
    .select('sessions.id')
    .where(sessionRowsOnly)
    .where((eb) =>
      who.role === 'sme'
        ? eb('sessions.sme_id', '=', who.personId)
        : eb('sessions.contributor_id', '=', who.contributorId),
    )
    .where('sessions.start_at', '>=', since)
    .orderBy('sessions.start_at')
    .orderBy('sessions.id')
    .limit(limit)
    .execute()
}
