/**
 * Consent kept on the server (issue 34, PDPL): a person accepts a role's terms (business owners and experts
 * have their own) at the version the back office published, and the acceptance is stored with its time, beside
 * the earlier ones. A person is asked again only when a newer version is published, or for a role they have not
 * accepted yet; signing out changes nothing. Each acceptance is written with its audit entry (`consent.accept`)
 * in one transaction.
 */
import type { Consent, MyConsents, RoleConsent } from '@mashura/core/contract'
import type { Kysely, Transaction } from 'kysely'
import { type ConsentRole, consentOf, consentsOf, insertConsentOnce } from '../db/queries/consents.ts'
import { personName } from '../db/queries/people.ts'
import { settingByKey } from '../db/queries/settings.ts'
import type { Database, Row } from '../db/tables.ts'
import { TERMS_KEY, type TermsAudience, termsVersionKeys } from './admin-content.ts'
import { recordAudit } from './audit.ts'
import { conflict, forbidden } from './errors.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Whose terms each role accepts: the back office publishes them per audience. */
const AUDIENCE: Record<ConsentRole, TermsAudience> = { sme: 'owners', contributor: 'experts' }

/** The person a consent is of: every signed-in person is a business owner; an expert identity adds the other role. */
export interface ConsentPerson {
  personId: number
  contributorId: number | null
}

/** The version of a role's terms in force: 0 until the back office publishes one. */
export async function publishedTermsVersion(db: Db, role: ConsentRole): Promise<number> {
  const row = await settingByKey(db, termsVersionKeys(TERMS_KEY[AUDIENCE[role]]).version)
  return Number(row?.value_en) || 0
}

/** An acceptance as the API answers it. */
function consentOut(row: Row<'consents'>): Consent {
  return { role: row.role, version: row.terms_version, accepted_at: row.accepted_at }
}

/** Where a role's terms stand: the version in force, the newest one accepted, and whether to ask. */
function roleConsent(published: number, newest: Row<'consents'> | undefined): RoleConsent {
  return {
    published_version: published,
    accepted_version: newest?.terms_version ?? null,
    accepted_at: newest?.accepted_at ?? null,
    needs_acceptance: newest === undefined || newest.terms_version < published,
  }
}

/** The person's consents for each role they hold. */
export async function myConsents(db: Db, person: ConsentPerson): Promise<MyConsents> {
  const rows = await consentsOf(db, person.personId)
  // Newest version first within each role: the first row of a role is its newest acceptance.
  const newest = (role: ConsentRole) => rows.find((row) => row.role === role)
  const [sme, contributor] = await Promise.all([
    publishedTermsVersion(db, 'sme'),
    person.contributorId === null ? null : publishedTermsVersion(db, 'contributor'),
  ])
  return {
    sme: roleConsent(sme, newest('sme')),
    contributor: contributor === null ? null : roleConsent(contributor, newest('contributor')),
  }
}

/**
 * Records that the person accepted `version` of `role`'s terms, and answers the stored acceptance. Refuses a
 * role the person does not hold (403 `role_not_held`) and any version but the published one (409
 * `terms_outdated`: they were shown an older text, or made the number up). Accepting a version again answers
 * the first acceptance, unchanged, with no second audit entry.
 */
export function acceptTerms(
  db: Kysely<Database>,
  person: ConsentPerson,
  input: { role: ConsentRole; version: number },
  now = new Date(),
): Promise<Consent> {
  if (input.role === 'contributor' && person.contributorId === null)
    return Promise.reject(forbidden('errors.contributorOnly', 'role_not_held'))
  return db.transaction().execute(async (trx) => {
    const published = await publishedTermsVersion(trx, input.role)
    if (input.version !== published)
      throw conflict('terms_outdated', 'errors.termsOutdated', { version: published })
    const inserted = await insertConsentOnce(trx, {
      person_id: person.personId,
      role: input.role,
      terms_version: input.version,
      accepted_at: now.toISOString(),
    })
    if (!inserted) {
      const first = await consentOf(trx, person.personId, input.role, input.version)
      // The row the conflict met: present, as nothing deletes consents.
      if (first) return consentOut(first)
      throw new Error('consent conflict without its row')
    }
    const { full_name } = await personName(trx, person.personId)
    const after = consentOut(inserted)
    await recordAudit(trx, {
      actor: { personId: person.personId, label: full_name },
      action: 'consent.accept',
      targetType: 'consent',
      targetId: inserted.id,
      after,
      now,
    })
    return after
  })
}
