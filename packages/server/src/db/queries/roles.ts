/**
 * The people of the back office's command (`npm run admin`, issue 33), as rows: who has which role, and who
 * an e-mail address names. Granting is `setCommandRole` in `people.ts`.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** The people with an address, whatever its case (one address can sign in through two providers). */
export function peopleByEmail(db: Db, email: string) {
  return db
    .selectFrom('people')
    .select(['id', 'full_name', 'email', 'is_admin', 'is_analyst', 'provider_roles'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .orderBy('id')
    .execute()
}

/** The people holding a back-office role, from the command or from the sign-in provider, in id order. */
export function backOfficePeople(db: Db) {
  return db
    .selectFrom('people')
    .select(['id', 'full_name', 'email', 'is_admin', 'is_analyst', 'provider_roles'])
    .where((eb) => eb.or([eb('is_admin', '=', 1), eb('is_analyst', '=', 1), eb('provider_roles', '!=', '')]))
    .orderBy('id')
    .execute()
}
