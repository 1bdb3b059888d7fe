import type { CallData, CallQuery } from '@mashura/core'
import { callAdminApi } from '@mashura/core/admin'
import { type FormEvent, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ActionButton } from '../../../components/ui/action-button.tsx'
import { Pager } from '../../../components/ui/pager.tsx'
import { api } from '../../../lib/api.ts'
import { showApiError } from '../../../lib/notices.ts'
import { useApi } from '../../../lib/use-api.ts'
import { usePageParam } from '../../../lib/use-page-param.ts'
import { csvFileName, downloadCsv, exportQuery } from '../csv.ts'
import { useAdminT } from '../i18n.ts'
import { auditTimeQuery } from '../report-range.ts'
import { AdminLoaded } from './admin-loaded.tsx'
import { TextField } from './fields.tsx'

/** One entry of the audit trail. */
type AuditEntry = CallData<'adminAuditLog'>[number]

/** The audit trail's filters as the address keeps them. */
export interface AuditFilters {
  q: string
  action: string
  target_type: string
  target_id: string
  from: string
  to: string
}

const FILTER_NAMES = ['q', 'action', 'target_type', 'target_id', 'from', 'to'] as const

/** The filters of the audit trail's query (the list's and the CSV's): days become times, empty ones go. */
export function auditQuery(filters: AuditFilters): NonNullable<CallQuery<'adminAuditLogCsv'>> {
  return {
    ...exportQuery({
      q: filters.q.slice(0, 200),
      action: filters.action.slice(0, 100),
      target_type: filters.target_type.slice(0, 100),
      target_id: filters.target_id.slice(0, 100),
    }),
    ...auditTimeQuery(filters.from, filters.to),
  }
}

/** The filters in the address. */
function useAuditFilters(): AuditFilters {
  const [params] = useSearchParams()
  const get = (name: (typeof FILTER_NAMES)[number]) => params.get(name) ?? ''
  return {
    q: get('q'),
    action: get('action'),
    target_type: get('target_type'),
    target_id: get('target_id'),
    from: get('from'),
    to: get('to'),
  }
}

/** A name inside a sentence, isolated so that a name in the other script does not reorder the sentence. */
function isolate(text: string): string {
  return `\u2068${text}\u2069`
}

/** A value before or after a change, as readable text. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '-'
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2)
}

/**
 * The audit trail (issue 33): every back-office change, newest first, who made it, on what, and the values
 * before and after; searchable and filtered by action, target and days, and downloadable as CSV with the
 * same filters.
 */
export function AuditSection() {
  const t = useAdminT()
  const filters = useAuditFilters()
  const page = usePageParam()
  const query = { ...auditQuery(filters), page }
  const key = JSON.stringify(query)
  const list = useApi((signal) => callAdminApi(api, 'adminAuditLog', { query }, { signal }), [key, t.lang])
  const [busy, setBusy] = useState(false)
  async function download() {
    setBusy(true)
    try {
      const csv = await callAdminApi(api, 'adminAuditLogCsv', { query: auditQuery(filters) })
      downloadCsv(String(csv), csvFileName('audit-log', { from: filters.from, to: filters.to }))
    } catch (error) {
      showApiError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="admin-audit-title" data-section="audit">
      <div className="admin-section-head">
        <h2 id="admin-audit-title">{t.t('admin.section.audit')}</h2>
        <ActionButton action="csv-audit" busy={busy} onClick={() => void download()}>
          {t.t('admin.audit.csv')}
        </ActionButton>
      </div>
      <AuditFilterForm filters={filters} />
      <AdminLoaded state={list}>
        {(answer) => (
          <>
            <p className="muted" role="status">
              {t.t('admin.common.results', { count: answer.meta.total })}
            </p>
            {answer.data.length === 0 ? (
              <p className="empty-state">{t.t('admin.audit.none')}</p>
            ) : (
              <ol className="admin-cards">
                {answer.data.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </ol>
            )}
            <Pager meta={answer.meta} />
          </>
        )}
      </AdminLoaded>
    </section>
  )
}

/** One change: when, who, what on which target, and its values before and after (folded). */
function AuditRow({ entry }: { entry: AuditEntry }) {
  const t = useAdminT()
  return (
    <li className="card admin-card admin-audit" data-audit={entry.id}>
      <h3 className="admin-card-title">
        <code dir="ltr">{entry.action}</code>{' '}
        <span className="muted">
          {t.t('admin.audit.target', { type: entry.target_type, id: entry.target_id ?? '-' })}
        </span>
      </h3>
      <p className="admin-card-line">
        {t.t('admin.audit.byAt', {
          name: isolate(entry.actor.label),
          date: t.intl.formatDate(entry.occurred_at, { dateStyle: 'medium', timeStyle: 'short' }),
        })}
      </p>
      <details className="admin-details">
        <summary>{t.t('admin.audit.values')}</summary>
        <div className="admin-diff">
          <div>
            <h4>{t.t('admin.audit.before')}</h4>
            <pre dir="ltr">{shown(entry.before)}</pre>
          </div>
          <div>
            <h4>{t.t('admin.audit.after')}</h4>
            <pre dir="ltr">{shown(entry.after)}</pre>
          </div>
        </div>
      </details>
    </li>
  )
}

/** The audit trail's search and filters; applying them puts them in the address (first page). */
function AuditFilterForm({ filters }: { filters: AuditFilters }) {
  const t = useAdminT()
  const [, setParams] = useSearchParams()
  const [draft, setDraft] = useState(filters)
  const text = JSON.stringify(filters)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address's filters, compared by their text
  useEffect(() => setDraft(filters), [text])
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const next = new URLSearchParams()
    for (const name of FILTER_NAMES) {
      const value = draft[name].trim()
      if (value) next.set(name, value)
    }
    setParams(next)
  }
  const field = (name: (typeof FILTER_NAMES)[number]) => ({
    name,
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
  })
  return (
    <form className="admin-filters" onSubmit={apply} aria-label={t.t('admin.audit.filters')}>
      <TextField label={t.t('admin.audit.search')} type="search" maxLength={200} {...field('q')} />
      <TextField
        label={t.t('admin.audit.action')}
        hint={t.t('admin.audit.actionHint')}
        dir="ltr"
        maxLength={100}
        {...field('action')}
      />
      <TextField label={t.t('admin.audit.targetType')} dir="ltr" maxLength={100} {...field('target_type')} />
      <TextField label={t.t('admin.audit.targetId')} dir="ltr" maxLength={100} {...field('target_id')} />
      <TextField label={t.t('admin.common.from')} type="date" {...field('from')} />
      <TextField label={t.t('admin.common.to')} type="date" min={draft.from || undefined} {...field('to')} />
      <div className="admin-filter-actions">
        <ActionButton submit tone="primary" action="apply-audit-filters">
          {t.t('admin.common.apply')}
        </ActionButton>
      </div>
    </form>
  )
}
