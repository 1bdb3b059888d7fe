/**
 * The back office's content (issue 33): the settings (about us, both terms, the mentor video, contact details)
 * in both languages, publishing a new version of the terms (people accept them again), the FAQ and its order,
 * subjects, centers, offices and cancel reasons. Every change is one transaction with its audit entry (before
 * and after); once it commits, the catalogue cache's scopes are bumped, so the public pages show it at once.
 * Deleting something history names is refused (409 `in_use`): a subject or a cancel reason is retired instead
 * (gone from the public lists and new choices, kept for the sessions that name it).
 */
import type { calls } from '@mashura/core/contract'
import type { Kysely, Transaction } from 'kysely'
import type { Static } from 'typebox'
import type { CacheScope } from '../adapters/cache/catalogue-cache.ts'
import {
  allCenters,
  allOffices,
  allSubjects,
  cancelReasonRow,
  cancelReasonUses,
  centerById,
  centerUses,
  deleteCancelReasonRow,
  deleteCenterRow,
  deleteFaqRow,
  deleteOfficeRow,
  deleteSubjectRow,
  everyCancelReason,
  faqById,
  insertCancelReason,
  insertCenter,
  insertFaq,
  insertOffice,
  insertSubject,
  nextFaqPosition,
  officeById,
  officeUses,
  subjectById,
  subjectUses,
  updateCancelReasonRow,
  updateCenterRow,
  updateFaqRow,
  updateOfficeRow,
  updateSubjectRow,
  upsertSetting,
} from '../db/queries/admin-content.ts'
import { faqs as orderedFaqs, settingsByKeys } from '../db/queries/settings.ts'
import type { Database, Row } from '../db/tables.ts'
import { type AuditActor, recordAudit } from './audit.ts'
import { conflict, invalid, notFound } from './errors.ts'

type Db = Kysely<Database> | Transaction<Database>

type Calls = typeof calls
/** The settings as the back office edits them. */
export type AdminSettings = Static<Calls['adminGetSettings']['response']>['data']
/** The fields of a settings update. */
export type AdminSettingsUpdate = Static<Calls['adminUpdateSettings']['body']>
/** Whose terms: `owners` or `experts`. */
export type TermsAudience = Static<Calls['adminPublishTerms']['params']>['audience']
/** A question of the FAQ in both languages. */
export type AdminFaq = Static<Calls['adminUpdateFaq']['response']>['data']
/** A subject as the back office edits it. */
export type AdminSubject = Static<Calls['adminUpdateSubject']['response']>['data']
/** A center as the back office edits it. */
export type AdminCenter = Static<Calls['adminUpdateCenter']['response']>['data']
/** An office as the back office edits it. */
export type AdminOffice = Static<Calls['adminUpdateOffice']['response']>['data']
/** A cancel reason as the back office edits it. */
export type AdminCancelReason = Static<Calls['adminUpdateCancelReason']['response']>['data']

/** What a content change needs: the database and the cache to bump once it commits. */
export interface ContentDeps {
  db: Kysely<Database>
  catalogueCache: { bump(scopes: readonly CacheScope[]): Promise<void> }
}

/** The public lists only (settings, FAQ, offices): what the settings reads show. */
const SETTINGS_SCOPES: readonly CacheScope[] = ['settings']
/** Subjects and centers are also what the search matches and a profile shows. */
const CATALOGUE_SCOPES: readonly CacheScope[] = ['settings', 'catalogue']

/** The setting key of each text of the back office (the public reads use the same keys). */
const TEXT_KEYS = {
  about_us: 'about_us',
  terms_owners: 'terms_and_conditions',
  terms_experts: 'terms_and_conditions_contributor',
} as const

/** The settings that are one value for both languages. */
const PLAIN_KEYS = ['mentor_url', 'contact_mobile', 'contact_email', 'contact_whatsapp'] as const

/** The setting key of each audience's terms. */
export const TERMS_KEY: Record<TermsAudience, string> = {
  owners: TEXT_KEYS.terms_owners,
  experts: TEXT_KEYS.terms_experts,
}

/** The settings keys that hold a terms' published version and time. */
export function termsVersionKeys(termsKey: string) {
  return { version: `${termsKey}_version`, publishedAt: `${termsKey}_published_at` }
}

const ALL_KEYS = [
  ...Object.values(TEXT_KEYS),
  ...PLAIN_KEYS,
  ...Object.values(TERMS_KEY).flatMap((k) => Object.values(termsVersionKeys(k))),
]

/** The settings as the back office edits them (a setting never set reads as empty, a version as 0). */
export async function adminSettings(db: Db): Promise<AdminSettings> {
  const rows = await settingsByKeys(db, ALL_KEYS)
  const row = (key: string) => rows.find((r) => r.key === key)
  const ar = (key: string) => row(key)?.value_ar ?? ''
  const en = (key: string) => row(key)?.value_en ?? ''
  const terms = (key: string) => {
    const k = termsVersionKeys(key)
    return { version: Number(en(k.version)) || 0, published_at: en(k.publishedAt) || null }
  }
  return {
    about_us_ar: ar(TEXT_KEYS.about_us),
    about_us_en: en(TEXT_KEYS.about_us),
    terms_owners_ar: ar(TEXT_KEYS.terms_owners),
    terms_owners_en: en(TEXT_KEYS.terms_owners),
    terms_experts_ar: ar(TEXT_KEYS.terms_experts),
    terms_experts_en: en(TEXT_KEYS.terms_experts),
    mentor_url: en('mentor_url'),
    contact_mobile: en('contact_mobile'),
    contact_email: en('contact_email'),
    contact_whatsapp: en('contact_whatsapp'),
    terms_owners: terms(TEXT_KEYS.terms_owners),
    terms_experts: terms(TEXT_KEYS.terms_experts),
  }
}

/** The fields whose values differ between two plain objects, before and after. */
function diff<T extends object>(before: T, after: T): { before: Partial<T>; after: Partial<T> } | null {
  const keys = (Object.keys(after) as (keyof T)[]).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  )
  if (keys.length === 0) return null
  const pickOf = (o: T) => Object.fromEntries(keys.map((k) => [k, o[k]])) as Partial<T>
  return { before: pickOf(before), after: pickOf(after) }
}

/** Runs a change in a transaction, then bumps the scopes if it changed anything; answers its result. */
async function change<T>(
  deps: ContentDeps,
  scopes: readonly CacheScope[],
  work: (trx: Transaction<Database>) => Promise<{ result: T; changed: boolean }>,
): Promise<T> {
  const { result, changed } = await deps.db.transaction().execute(work)
  if (changed) await deps.catalogueCache.bump(scopes)
  return result
}

/**
 * Changes the settings given (the others kept); the audit entry `settings.update` holds the changed fields
 * before and after. Editing the terms' text publishes nothing: {@link publishTerms} does.
 */
export function updateSettings(
  deps: ContentDeps,
  actor: AuditActor,
  fields: AdminSettingsUpdate,
  now = new Date(),
): Promise<AdminSettings> {
  return change(deps, SETTINGS_SCOPES, async (trx) => {
    const before = await adminSettings(trx)
    for (const [name, key] of Object.entries(TEXT_KEYS)) {
      const f = fields as Record<string, string | undefined>
      const valueAr = f[`${name}_ar`]
      const valueEn = f[`${name}_en`]
      if (valueAr === undefined && valueEn === undefined) continue
      const b = before as unknown as Record<string, string>
      await upsertSetting(trx, key, valueAr ?? b[`${name}_ar`]!, valueEn ?? b[`${name}_en`]!)
    }
    for (const key of PLAIN_KEYS) {
      const value = fields[key]
      if (value !== undefined) await upsertSetting(trx, key, value.trim(), value.trim())
    }
    const after = await adminSettings(trx)
    const changed = diff(before, after)
    if (changed)
      await recordAudit(trx, {
        actor,
        action: 'settings.update',
        targetType: 'settings',
        targetId: null,
        ...changed,
        now,
      })
    return { result: after, changed: changed !== null }
  })
}

/**
 * Publishes a new version of an audience's terms (its number raised by one, the time kept): people who
 * accepted an older version are asked to accept again. Audit `terms.publish`.
 */
export function publishTerms(
  deps: ContentDeps,
  actor: AuditActor,
  audience: TermsAudience,
  now = new Date(),
): Promise<AdminSettings> {
  return change(deps, SETTINGS_SCOPES, async (trx) => {
    const field = audience === 'owners' ? 'terms_owners' : 'terms_experts'
    const before = (await adminSettings(trx))[field]
    const keys = termsVersionKeys(TERMS_KEY[audience])
    const version = String(before.version + 1)
    const at = now.toISOString()
    await upsertSetting(trx, keys.version, version, version)
    await upsertSetting(trx, keys.publishedAt, at, at)
    const result = await adminSettings(trx)
    await recordAudit(trx, {
      actor,
      action: 'terms.publish',
      targetType: 'terms',
      targetId: audience,
      before,
      after: result[field],
      now,
    })
    return { result, changed: true }
  })
}

// ------------------------------------------------------------------------------------------- FAQ

/** A FAQ row as the back office shows it. */
function faqOut(row: Row<'faqs'>): AdminFaq {
  return {
    id: row.id,
    question_ar: row.question_ar,
    question_en: row.question_en,
    answer_ar: row.answer_ar,
    answer_en: row.answer_en,
    position: row.position,
  }
}

/** The FAQ in display order, both languages. */
export async function adminFaqs(db: Db): Promise<AdminFaq[]> {
  return (await orderedFaqs(db)).map(faqOut)
}

/** The texts of a question. */
export interface FaqTexts {
  question_ar?: string
  question_en?: string
  answer_ar?: string
  answer_en?: string
}

/** Trims the texts given. */
function trimmed<T extends object>(fields: T): T {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
  ) as T
}

/** Adds a question at the end of the FAQ. Audit `faq.create`. */
export function createFaq(
  deps: ContentDeps,
  actor: AuditActor,
  texts: Required<FaqTexts>,
  now = new Date(),
): Promise<AdminFaq> {
  return change(deps, SETTINGS_SCOPES, async (trx) => {
    const position = await nextFaqPosition(trx)
    const id = await insertFaq(trx, { ...trimmed(texts), position })
    const after = faqOut((await faqById(trx, id))!)
    await recordAudit(trx, { actor, action: 'faq.create', targetType: 'faq', targetId: id, after, now })
    return { result: after, changed: true }
  })
}

/** Changes a question's texts (404 for an unknown one). Audit `faq.update` with the changed fields. */
export function updateFaq(
  deps: ContentDeps,
  actor: AuditActor,
  id: number,
  texts: FaqTexts,
  now = new Date(),
): Promise<AdminFaq> {
  return change(deps, SETTINGS_SCOPES, async (trx) => {
    const row = await faqById(trx, id)
    if (!row) throw notFound()
    await updateFaqRow(trx, id, trimmed(texts))
    const after = faqOut((await faqById(trx, id))!)
    const changed = diff(faqOut(row), after)
    if (changed)
      await recordAudit(trx, {
        actor,
        action: 'faq.update',
        targetType: 'faq',
        targetId: id,
        ...changed,
        now,
      })
    return { result: after, changed: changed !== null }
  })
}

/** Deletes a question (404 for an unknown one). Audit `faq.delete` with what it was. */
export function deleteFaq(deps: ContentDeps, actor: AuditActor, id: number, now = new Date()) {
  return change(deps, SETTINGS_SCOPES, async (trx) => {
    const row = await faqById(trx, id)
    if (!row) throw notFound()
    await deleteFaqRow(trx, id)
    await recordAudit(trx, {
      actor,
      action: 'faq.delete',
      targetType: 'faq',
      targetId: id,
      before: faqOut(row),
      now,
    })
    return { result: { id, deleted: true as const }, changed: true }
  })
}

/**
 * Puts the FAQ in a new order: `ids` must name every question once (400 `faq_order_mismatch` otherwise, as
 * when someone added or deleted one meanwhile). Audit `faq.reorder` with the order before and after.
 */
export function reorderFaqs(
  deps: ContentDeps,
  actor: AuditActor,
  ids: readonly number[],
  now = new Date(),
): Promise<AdminFaq[]> {
  return change(deps, SETTINGS_SCOPES, async (trx) => {
    const rows = await orderedFaqs(trx)
    const known = new Set(rows.map((r) => r.id))
    if (ids.length !== rows.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw invalid('faq_order_mismatch', 'errors.faqOrderMismatch', { ids: 'errors.invalidValue' })
    const beforeOrder = rows.map((r) => r.id)
    for (const [position, id] of ids.entries()) {
      if (rows.find((r) => r.id === id)!.position !== position) await updateFaqRow(trx, id, { position })
    }
    const result = await adminFaqs(trx)
    const afterOrder = result.map((f) => f.id)
    const changed = JSON.stringify(beforeOrder) !== JSON.stringify(afterOrder)
    if (changed)
      await recordAudit(trx, {
        actor,
        action: 'faq.reorder',
        targetType: 'faq',
        targetId: null,
        before: beforeOrder,
        after: afterOrder,
        now,
      })
    return { result, changed: true }
  })
}

// ------------------------------------------------------------------------------------------- subjects

/** The subjects as the back office shows them, with their uses. */
export async function adminSubjects(db: Db, type?: 1 | 2 | 4, only?: number): Promise<AdminSubject[]> {
  const rows =
    only === undefined ? await allSubjects(db, type) : [await subjectById(db, only)].filter((r) => !!r)
  const uses = await subjectUses(
    db,
    rows.map((r) => r!.id),
  )
  return rows.map((r) => ({
    id: r!.id,
    name_ar: r!.name_ar,
    name_en: r!.name_en,
    type: r!.type,
    bsa_subject: r!.bsa === 1,
    is_retired: r!.is_retired === 1,
    experts: uses.experts.get(r!.id) ?? 0,
    sessions: uses.sessions.get(r!.id) ?? 0,
  }))
}

/** The fields of a subject the admin sets. */
export interface SubjectFields {
  name_ar?: string
  name_en?: string
  type?: 1 | 2 | 4
  bsa_subject?: boolean
  is_retired?: boolean
}

function subjectColumns(fields: SubjectFields) {
  return {
    ...(fields.name_ar !== undefined ? { name_ar: fields.name_ar.trim() } : {}),
    ...(fields.name_en !== undefined ? { name_en: fields.name_en.trim() } : {}),
    ...(fields.type !== undefined ? { type: fields.type } : {}),
    ...(fields.bsa_subject !== undefined ? { bsa: fields.bsa_subject ? 1 : 0 } : {}),
    ...(fields.is_retired !== undefined ? { is_retired: fields.is_retired ? 1 : 0 } : {}),
  }
}

/** The uses of a snapshot are not the admin's change: left out of the audit entry. */
function withoutUses<T extends object>(row: T): T {
  const { experts: _e, sessions: _s, offices: _o, ...rest } = row as T & Record<string, unknown>
  return rest as T
}

/** Adds a subject. Audit `subject.create`. */
export function createSubject(
  deps: ContentDeps,
  actor: AuditActor,
  fields: Required<Pick<SubjectFields, 'name_ar' | 'name_en' | 'type'>> & SubjectFields,
  now = new Date(),
): Promise<AdminSubject> {
  return change(deps, CATALOGUE_SCOPES, async (trx) => {
    const columns = subjectColumns(fields)
    const id = await insertSubject(trx, {
      name_ar: columns.name_ar!,
      name_en: columns.name_en!,
      type: columns.type!,
      bsa: columns.bsa ?? 0,
    })
    const [after] = await adminSubjects(trx, undefined, id)
    await recordAudit(trx, {
      actor,
      action: 'subject.create',
      targetType: 'subject',
      targetId: id,
      after: withoutUses(after!),
      now,
    })
    return { result: after!, changed: true }
  })
}

/** Changes a subject, or retires it (`is_retired`) or brings it back (404 for an unknown one). Audit `subject.update`. */
export function updateSubject(
  deps: ContentDeps,
  actor: AuditActor,
  id: number,
  fields: SubjectFields,
  now = new Date(),
): Promise<AdminSubject> {
  return change(deps, CATALOGUE_SCOPES, async (trx) => {
    const [before] = await adminSubjects(trx, undefined, id)
    if (!before) throw notFound()
    await updateSubjectRow(trx, id, subjectColumns(fields))
    const [after] = await adminSubjects(trx, undefined, id)
    const changed = diff(withoutUses(before), withoutUses(after!))
    if (changed)
      await recordAudit(trx, {
        actor,
        action: 'subject.update',
        targetType: 'subject',
        targetId: id,
        ...changed,
        now,
      })
    return { result: after!, changed: changed !== null }
  })
}

/** Deletes a subject no expert covers and no session names (409 `in_use` otherwise: retire it). Audit `subject.delete`. */
export function deleteSubject(deps: ContentDeps, actor: AuditActor, id: number, now = new Date()) {
  return change(deps, CATALOGUE_SCOPES, async (trx) => {
    const [before] = await adminSubjects(trx, undefined, id)
    if (!before) throw notFound()
    if (before.experts > 0 || before.sessions > 0) throw conflict('in_use', 'errors.contentInUse')
    await deleteSubjectRow(trx, id)
    await recordAudit(trx, {
      actor,
      action: 'subject.delete',
      targetType: 'subject',
      targetId: id,
      before: withoutUses(before),
      now,
    })
    return { result: { id, deleted: true as const }, changed: true }
  })
}

// ------------------------------------------------------------------------------------------- centers

/** The centers as the back office shows them, with their experts and offices. */
export async function adminCenters(db: Db, only?: number): Promise<AdminCenter[]> {
  const rows = only === undefined ? await allCenters(db) : [await centerById(db, only)].filter((r) => !!r)
  const uses = await centerUses(
    db,
    rows.map((r) => r!.id),
  )
  return rows.map((r) => ({
    id: r!.id,
    name_ar: r!.name_ar,
    name_en: r!.name_en,
    city_ar: r!.city_ar,
    city_en: r!.city_en,
    experts: uses.experts.get(r!.id) ?? 0,
    offices: uses.offices.get(r!.id) ?? 0,
  }))
}

/** The fields of a center the admin sets. */
export interface CenterFields {
  name_ar?: string
  name_en?: string
  city_ar?: string
  city_en?: string
}

/** Adds a center. Audit `center.create`. */
export function createCenter(
  deps: ContentDeps,
  actor: AuditActor,
  fields: Required<Pick<CenterFields, 'name_ar' | 'name_en'>> & CenterFields,
  now = new Date(),
): Promise<AdminCenter> {
  return change(deps, CATALOGUE_SCOPES, async (trx) => {
    const f = trimmed(fields)
    const id = await insertCenter(trx, {
      name_ar: f.name_ar,
      name_en: f.name_en,
      city_ar: f.city_ar ?? '',
      city_en: f.city_en ?? '',
    })
    const [after] = await adminCenters(trx, id)
    await recordAudit(trx, {
      actor,
      action: 'center.create',
      targetType: 'center',
      targetId: id,
      after: withoutUses(after!),
      now,
    })
    return { result: after!, changed: true }
  })
}

/** Changes a center (404 for an unknown one). Audit `center.update`. */
export function updateCenter(
  deps: ContentDeps,
  actor: AuditActor,
  id: number,
  fields: CenterFields,
  now = new Date(),
): Promise<AdminCenter> {
  return change(deps, CATALOGUE_SCOPES, async (trx) => {
    const [before] = await adminCenters(trx, id)
    if (!before) throw notFound()
    await updateCenterRow(trx, id, trimmed(fields))
    const [after] = await adminCenters(trx, id)
    const changed = diff(withoutUses(before), withoutUses(after!))
    if (changed)
      await recordAudit(trx, {
        actor,
        action: 'center.update',
        targetType: 'center',
        targetId: id,
        ...changed,
        now,
      })
    return { result: after!, changed: changed !== null }
  })
}

/** Deletes a center without experts or offices (409 `in_use` otherwise). Audit `center.delete`. */
export function deleteCenter(deps: ContentDeps, actor: AuditActor, id: number, now = new Date()) {
  return change(deps, CATALOGUE_SCOPES, async (trx) => {
    const [before] = await adminCenters(trx, id)
    if (!before) throw notFound()
    if (before.experts > 0 || before.offices > 0) throw conflict('in_use', 'errors.contentInUse')
    await deleteCenterRow(trx, id)
    await recordAudit(trx, {
      actor,
      action: 'center.delete',
      targetType: 'center',
      targetId: id,
      before: withoutUses(before),
      now,
    })
    return { result: { id, deleted: true as const }, changed: true }
  })
}

// ------------------------------------------------------------------------------------------- offices

/** The offices as the back office shows them (one center's, or all), with their slots and sessions. */
export async function adminOffices(
  db: Db,
  filter: { center?: number; only?: number } = {},
): Promise<AdminOffice[]> {
  const rows =
    filter.only === undefined
      ? await allOffices(db, filter.center)
      : [await officeById(db, filter.only)].filter((r) => !!r)
  const uses = await officeUses(
    db,
    rows.map((r) => r!.id),
  )
  return rows.map((r) => ({
    id: r!.id,
    center_id: r!.center_id,
    name_ar: r!.name_ar,
    name_en: r!.name_en,
    address_ar: r!.address_ar,
    address_en: r!.address_en,
    map_url: r!.map_url,
    sessions: uses.get(r!.id) ?? 0,
  }))
}

/** The fields of an office the admin sets. */
export interface OfficeFields {
  center_id?: number
  name_ar?: string
  name_en?: string
  address_ar?: string
  address_en?: string
  map_url?: string | null
}

/** 400 for a center that does not exist. */
async function checkCenter(db: Db, centerId: number | undefined) {
  if (centerId !== undefined && !(await centerById(db, centerId)))
    throw invalid('unknown_center', 'errors.validationFailed', { center_id: 'errors.invalidValue' })
}

/** Adds an office to a center (400 for an unknown center). Audit `office.create`. */
export function createOffice(
  deps: ContentDeps,
  actor: AuditActor,
  fields: Required<Pick<OfficeFields, 'center_id' | 'name_ar' | 'name_en'>> & OfficeFields,
  now = new Date(),
): Promise<AdminOffice> {
  return change(deps, CATALOGUE_SCOPES, async (trx) => {
    await checkCenter(trx, fields.center_id)
    const f = trimmed(fields)
    const id = await insertOffice(trx, {
      center_id: f.center_id,
      name_ar: f.name_ar,
      name_en: f.name_en,
      address_ar: f.address_ar ?? '',
      address_en: f.address_en ?? '',
      map_url: f.map_url ?? null,
    })
    const [after] = await adminOffices(trx, { only: id })
    await recordAudit(trx, {
      actor,
      action: 'office.create',
      targetType: 'office',
      targetId: id,
      after: withoutUses(after!),
      now,
    })
    return { result: after!, changed: true }
  })
}

/** Changes an office (404 for an unknown one, 400 for an unknown center). Audit `office.update`. */
export function updateOffice(
  deps: ContentDeps,
  actor: AuditActor,
  id: number,
  fields: OfficeFields,
  now = new Date(),
): Promise<AdminOffice> {
  return change(deps, CATALOGUE_SCOPES, async (trx) => {
    const [before] = await adminOffices(trx, { only: id })
    if (!before) throw notFound()
    await checkCenter(trx, fields.center_id)
    await updateOfficeRow(trx, id, trimmed(fields))
    const [after] = await adminOffices(trx, { only: id })
    const changed = diff(withoutUses(before), withoutUses(after!))
    if (changed)
      await recordAudit(trx, {
        actor,
        action: 'office.update',
        targetType: 'office',
        targetId: id,
        ...changed,
        now,
      })
    return { result: after!, changed: changed !== null }
  })
}

/** Deletes an office no slot or session names (409 `in_use` otherwise). Audit `office.delete`. */
export function deleteOffice(deps: ContentDeps, actor: AuditActor, id: number, now = new Date()) {
  return change(deps, CATALOGUE_SCOPES, async (trx) => {
    const [before] = await adminOffices(trx, { only: id })
    if (!before) throw notFound()
    if (before.sessions > 0) throw conflict('in_use', 'errors.contentInUse')
    await deleteOfficeRow(trx, id)
    await recordAudit(trx, {
      actor,
      action: 'office.delete',
      targetType: 'office',
      targetId: id,
      before: withoutUses(before),
      now,
    })
    return { result: { id, deleted: true as const }, changed: true }
  })
}

// ------------------------------------------------------------------------------------------- cancel reasons

/** The cancel reasons as the back office shows them (retired ones too), with the sessions that name them. */
export async function adminCancelReasons(db: Db, only?: number): Promise<AdminCancelReason[]> {
  const rows =
    only === undefined ? await everyCancelReason(db) : [await cancelReasonRow(db, only)].filter((r) => !!r)
  const uses = await cancelReasonUses(
    db,
    rows.map((r) => r!.id),
  )
  return rows.map((r) => ({
    id: r!.id,
    label_ar: r!.label_ar,
    label_en: r!.label_en,
    requires_details: r!.requires_details === 1,
    is_retired: r!.is_retired === 1,
    sessions: uses.get(r!.id) ?? 0,
  }))
}

/** The fields of a cancel reason the admin sets. */
export interface CancelReasonFields {
  label_ar?: string
  label_en?: string
  requires_details?: boolean
  is_retired?: boolean
}

function cancelReasonColumns(fields: CancelReasonFields) {
  return {
    ...(fields.label_ar !== undefined ? { label_ar: fields.label_ar.trim() } : {}),
    ...(fields.label_en !== undefined ? { label_en: fields.label_en.trim() } : {}),
    ...(fields.requires_details !== undefined ? { requires_details: fields.requires_details ? 1 : 0 } : {}),
    ...(fields.is_retired !== undefined ? { is_retired: fields.is_retired ? 1 : 0 } : {}),
  }
}

/** Adds a cancel reason. Audit `cancel_reason.create`. */
export function createCancelReason(
  deps: ContentDeps,
  actor: AuditActor,
  fields: Required<Pick<CancelReasonFields, 'label_ar' | 'label_en'>> & CancelReasonFields,
  now = new Date(),
): Promise<AdminCancelReason> {
  return change(deps, SETTINGS_SCOPES, async (trx) => {
    const c = cancelReasonColumns(fields)
    const id = await insertCancelReason(trx, {
      label_ar: c.label_ar!,
      label_en: c.label_en!,
      requires_details: c.requires_details ?? 0,
    })
    const [after] = await adminCancelReasons(trx, id)
    await recordAudit(trx, {
      actor,
      action: 'cancel_reason.create',
      targetType: 'cancel_reason',
      targetId: id,
      after: withoutUses(after!),
      now,
    })
    return { result: after!, changed: true }
  })
}

/** Changes a cancel reason, or retires it or brings it back (404 for an unknown one). Audit `cancel_reason.update`. */
export function updateCancelReason(
  deps: ContentDeps,
  actor: AuditActor,
  id: number,
  fields: CancelReasonFields,
  now = new Date(),
): Promise<AdminCancelReason> {
  return change(deps, SETTINGS_SCOPES, async (trx) => {
    const [before] = await adminCancelReasons(trx, id)
    if (!before) throw notFound()
    await updateCancelReasonRow(trx, id, cancelReasonColumns(fields))
    const [after] = await adminCancelReasons(trx, id)
    const changed = diff(withoutUses(before), withoutUses(after!))
    if (changed)
      await recordAudit(trx, {
        actor,
        action: 'cancel_reason.update',
        targetType: 'cancel_reason',
        targetId: id,
        ...changed,
        now,
      })
    return { result: after!, changed: changed !== null }
  })
}

/** Deletes a cancel reason no session names (409 `in_use` otherwise: retire it). Audit `cancel_reason.delete`. */
export function deleteCancelReason(deps: ContentDeps, actor: AuditActor, id: number, now = new Date()) {
  return change(deps, SETTINGS_SCOPES, async (trx) => {
    const [before] = await adminCancelReasons(trx, id)
    if (!before) throw notFound()
    if (before.sessions > 0) throw conflict('in_use', 'errors.contentInUse')
    await deleteCancelReasonRow(trx, id)
    await recordAudit(trx, {
      actor,
      action: 'cancel_reason.delete',
      targetType: 'cancel_reason',
      targetId: id,
      before: withoutUses(before),
      now,
    })
    return { result: { id, deleted: true as const }, changed: true }
  })
}
