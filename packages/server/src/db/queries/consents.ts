/** The terms' acceptances (issue 34): append-only rows, one per person, role and terms version. */
import type { Kysely, Transaction } from 'kysely'
import type { Database, NewRow, Row } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Whose terms a consent is of. */
export type ConsentRole = Row<'consents'>['role']

/**
 * Records an acceptance unless the person already accepted that version for that role; answers the new row, or
 * nothing when one was there (a double click, a second tab), leaving the first acceptance's time as it was.
 */
export function insertConsentOnce(db: Db, row: NewRow<'consents'>) {
  return db
    .insertInto('consents')
    .values(row)
    .onConflict((oc) => oc.columns(['person_id', 'role', 'terms_version']).doNothing())
    .returningAll()
    .executeTakeFirst()
}

/** A person's acceptance of one version of a role's terms, if they gave it. */
export function consentOf(db: Db, personId: number, role: ConsentRole, version: number) {
  return db
    .selectFrom('consents')
    .selectAll()
    .where('person_id', '=', personId)
    .where('role', '=', role)
    .where('terms_version', '=', version)
    .executeTakeFirst()
}

/** Every acceptance a person gave, newest version first within each role (their whole history). */
export function consentsOf(db: Db, personId: number) {
  return db
    .selectFrom('consents')
    .selectAll()
    .where('person_id', '=', personId)
    .orderBy('role')
    .orderBy('terms_version', 'desc')
    .orderBy('id')
    .execute()
}
