/**
 * Rows to wire shapes (the types of `@mashura/core/contract`), shared by
 * every serializer that embeds them. Bilingual columns are picked by request language.
 */
import type {
  Center,
  ContributorSummary,
  FileRef,
  Language,
  Office,
  SmeSummary,
  Subject,
} from '@mashura/core'
import type { Kysely } from 'kysely'
import { contributorSummaryRows, personSummaryRows } from '../db/queries/people.ts'
import type { Database, Row } from '../db/tables.ts'
import { ERASED_NAME } from '../domain/erasure.ts'

/** A person's name as shown: «مستخدم محذوف» / "Deleted user" once their data was erased (issue 34). */
export function shownName(
  row: { full_name: string; erased_at?: string | null },
  lang: Language = 'ar',
): string {
  return row.erased_at ? ERASED_NAME[lang] : row.full_name
}

/** A stored path as a file reference browsers can load; absolute paths are kept, site paths get the public URL. */
export function fileRef(path: string | null, publicUrl: string): FileRef | null {
  if (!path) return null
  return { full_path: /^https?:\/\//.test(path) ? path : `${publicUrl}${path}` }
}

/** A subject row on the wire. */
export function subjectOut(
  row: Pick<Row<'subjects'>, 'id' | 'name_ar' | 'name_en' | 'type' | 'bsa'>,
  lang: Language,
): Subject {
  return {
    id: row.id,
    name: lang === 'en' ? row.name_en : row.name_ar,
    type: row.type,
    bsa_subject: row.bsa === 1,
    description: null,
  }
}

/** A center row on the wire. */
export function centerOut(row: Row<'centers'>, lang: Language): Center {
  return {
    id: row.id,
    name: lang === 'en' ? row.name_en : row.name_ar,
    city: lang === 'en' ? row.city_en : row.city_ar,
  }
}

/** An office row on the wire. */
export function officeOut(row: Row<'offices'>, lang: Language): Office {
  return {
    id: row.id,
    name: lang === 'en' ? row.name_en : row.name_ar,
    center_id: row.center_id,
    address: lang === 'en' ? row.address_en : row.address_ar,
    map_url: row.map_url,
  }
}

/** The summaries of some contributors, by id (one query). */
export async function contributorSummaries(
  db: Kysely<Database>,
  ids: readonly number[],
  publicUrl: string,
  lang: Language = 'ar',
): Promise<Map<number, ContributorSummary>> {
  const out = new Map<number, ContributorSummary>()
  if (ids.length === 0) return out
  const rows = await contributorSummaryRows(db, ids)
  for (const r of rows) out.set(r.id, contributorSummaryOf(r, publicUrl, lang))
  return out
}

/** A contributor's summary from its row and its person's name (`contributorSummaryRows`, `contributorsByIds`). */
export function contributorSummaryOf(
  r: Pick<Row<'contributors'>, 'id' | 'kind' | 'gender' | 'photo_path'> & {
    full_name: string
    erased_at: string | null
  },
  publicUrl: string,
  lang: Language = 'ar',
): ContributorSummary {
  return {
    id: r.id,
    sso_user: { full_name: shownName(r, lang) },
    file: fileRef(r.photo_path, publicUrl),
    role: r.kind,
    gender: r.gender,
  }
}

/** The summaries of some business owners (people), by person id (one query). */
export async function smeSummaries(
  db: Kysely<Database>,
  ids: readonly number[],
  publicUrl: string,
  lang: Language = 'ar',
): Promise<Map<number, SmeSummary>> {
  const out = new Map<number, SmeSummary>()
  if (ids.length === 0) return out
  const rows = await personSummaryRows(db, ids)
  for (const r of rows)
    out.set(r.id, { id: r.id, full_name: shownName(r, lang), file: fileRef(r.photo_path, publicUrl) })
  return out
}

/**
 * The expert and business owner some rows name (sessions, requests, conversations), by contributor id and
 * by person id: two queries whatever the number of rows.
 */
export async function peopleOf(
  db: Kysely<Database>,
  rows: readonly { contributor_id: number; sme_id: number }[],
  publicUrl: string,
  lang: Language = 'ar',
): Promise<{ contributors: Map<number, ContributorSummary>; smes: Map<number, SmeSummary> }> {
  const [contributors, smes] = await Promise.all([
    contributorSummaries(
      db,
      rows.map((r) => r.contributor_id),
      publicUrl,
      lang,
    ),
    smeSummaries(
      db,
      rows.map((r) => r.sme_id),
      publicUrl,
      lang,
    ),
  ])
  return { contributors, smes }
}
