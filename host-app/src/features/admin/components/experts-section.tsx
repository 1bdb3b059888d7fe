import { type CallQuery, CONTRIBUTOR_KINDS, type ContributorKind } from '@mashura/core'
import { callAdminApi } from '@mashura/core/admin'
import { type FormEvent, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ActionButton } from '../../../components/ui/action-button.tsx'
import { Pager } from '../../../components/ui/pager.tsx'
import { api } from '../../../lib/api.ts'
import { showSnackbar } from '../../../lib/notices.ts'
import { useApi } from '../../../lib/use-api.ts'
import { usePageParam } from '../../../lib/use-page-param.ts'
import type { AdminExpert } from '../expert-form.ts'
import { useAdminT } from '../i18n.ts'
import { EXPERT_FLAGS, FLAG_LABELS } from '../labels.ts'
import { type Reference, useReference } from '../use-reference.ts'
import { AdminLoaded } from './admin-loaded.tsx'
import { ExpertDialog } from './expert-dialog.tsx'
import { DeactivateDialog, ReactivateDialog } from './expert-state-dialogs.tsx'
import { SelectField, TextField } from './fields.tsx'
import { InvitationsPanel } from './invitations-panel.tsx'

/** The experts list's filters, as the address keeps them (`?q=&kind=&center=&subject=&active=`). */
interface ExpertFilters {
  q: string
  kind: string
  center: string
  subject: string
  active: string
}

const FILTER_NAMES = ['q', 'kind', 'center', 'subject', 'active'] as const

/** The filters in the address. */
function useFilters(): ExpertFilters {
  const [params] = useSearchParams()
  return {
    q: params.get('q') ?? '',
    kind: params.get('kind') ?? '',
    center: params.get('center') ?? '',
    subject: params.get('subject') ?? '',
    active: params.get('active') ?? '',
  }
}

/** The list call's query from the address's filters: unknown or empty values left out. */
export function expertListQuery(filters: ExpertFilters, page: number): CallQuery<'adminListExperts'> {
  const query: NonNullable<CallQuery<'adminListExperts'>> = { page }
  const q = filters.q.trim()
  if (q) query.q = q.slice(0, 200)
  if ((CONTRIBUTOR_KINDS as readonly string[]).includes(filters.kind))
    query.kind = filters.kind as ContributorKind
  const center = Number(filters.center)
  if (Number.isInteger(center) && center > 0) query.center = center
  const subject = Number(filters.subject)
  if (Number.isInteger(subject) && subject > 0) query.subject = subject
  if (filters.active === 'true' || filters.active === 'false') query.active = filters.active === 'true'
  return query
}

/** The choices when the centers and subjects could not be loaded. */
const NO_REFERENCE: Reference = { centers: [], subjects: [] }

/** The dialog open over the list, if any. */
type Open =
  | { kind: 'invite' }
  | { kind: 'promote' }
  | { kind: 'edit'; expert: AdminExpert }
  | { kind: 'deactivate'; expert: AdminExpert }
  | { kind: 'reactivate'; expert: AdminExpert }
  | null

/**
 * The experts: a search and filters (kind, center, subject, active), the list with each expert's kind,
 * center, subjects, admin flags and state, and the actions: invite, edit, deactivate, reactivate.
 */
export function ExpertsSection() {
  const t = useAdminT()
  const filters = useFilters()
  const page = usePageParam()
  const loaded = useReference(t.lang)
  // Without the public lists (a failed load), the forms still open, with the expert's own center and subjects.
  const reference = { data: loaded.data ?? (loaded.error ? NO_REFERENCE : undefined) }
  const query = expertListQuery(filters, page)
  const key = JSON.stringify(query)
  const list = useApi((signal) => callAdminApi(api, 'adminListExperts', { query }, { signal }), [key, t.lang])
  const [open, setOpen] = useState<Open>(null)
  // Bumped after a change, so that the invitations panel reads its list again.
  const [changes, setChanges] = useState(0)
  const done = (message: string) => {
    setOpen(null)
    showSnackbar({ kind: 'success', text: message })
    setChanges((n) => n + 1)
    list.reload()
  }

  return (
    <section aria-labelledby="admin-experts-title" data-section="experts">
      <div className="admin-section-head">
        <h2 id="admin-experts-title">{t.t('admin.section.experts')}</h2>
        <ActionButton
          tone="primary"
          action="invite-expert"
          disabled={!reference.data}
          onClick={() => setOpen({ kind: 'invite' })}
        >
          {t.t('admin.experts.invite')}
        </ActionButton>
        <ActionButton
          action="promote-person"
          disabled={!reference.data}
          onClick={() => setOpen({ kind: 'promote' })}
        >
          {t.t('admin.experts.promote')}
        </ActionButton>
      </div>
      <InvitationsPanel refresh={changes} />
      <ExpertFilterForm filters={filters} reference={reference.data} />
      <AdminLoaded state={list}>
        {(answer) => (
          <>
            <p className="muted" role="status">
              {t.t('admin.common.results', { count: answer.meta.total })}
            </p>
            {answer.data.length === 0 ? (
              <p className="empty-state">{t.t('admin.experts.none')}</p>
            ) : (
              <ul className="admin-cards">
                {answer.data.map((expert) => (
                  <ExpertCard
                    key={expert.id}
                    expert={expert}
                    onEdit={() => setOpen({ kind: 'edit', expert })}
                    onDeactivate={() => setOpen({ kind: 'deactivate', expert })}
                    onReactivate={() => setOpen({ kind: 'reactivate', expert })}
                    canEdit={Boolean(reference.data)}
                  />
                ))}
              </ul>
            )}
            <Pager meta={answer.meta} />
          </>
        )}
      </AdminLoaded>
      {open &&
      reference.data &&
      (open.kind === 'invite' || open.kind === 'promote' || open.kind === 'edit') ? (
        <ExpertDialog
          expert={open.kind === 'edit' ? open.expert : undefined}
          promote={open.kind === 'promote'}
          reference={reference.data}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      ) : null}
      {open?.kind === 'deactivate' ? (
        <DeactivateDialog expert={open.expert} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
      {open?.kind === 'reactivate' ? (
        <ReactivateDialog expert={open.expert} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
    </section>
  )
}

/** The search and filters; applying them puts them in the address (first page). */
function ExpertFilterForm({
  filters,
  reference,
}: {
  filters: ExpertFilters
  reference: Reference | undefined
}) {
  const t = useAdminT()
  const [, setParams] = useSearchParams()
  const [draft, setDraft] = useState(filters)
  const shown = JSON.stringify(filters)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address's filters, compared by their text
  useEffect(() => setDraft(filters), [shown])

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const next = new URLSearchParams()
    for (const name of FILTER_NAMES) {
      const value = draft[name].trim()
      if (value) next.set(name, value)
    }
    setParams(next)
  }
  const all = { value: '', label: t.t('admin.common.all') }
  return (
    <form className="admin-filters" onSubmit={apply} aria-label={t.t('admin.experts.filters')}>
      <TextField
        label={t.t('admin.experts.search')}
        type="search"
        name="q"
        maxLength={200}
        value={draft.q}
        onChange={(e) => setDraft({ ...draft, q: e.target.value })}
      />
      <SelectField
        label={t.t('admin.experts.kind')}
        name="kind"
        value={draft.kind}
        options={[
          all,
          ...CONTRIBUTOR_KINDS.map((kind) => ({
            value: kind,
            label: t.t(`contributors.kind.${kind}`, { gender: 'male' }),
          })),
        ]}
        onChange={(e) => setDraft({ ...draft, kind: e.target.value })}
      />
      <SelectField
        label={t.t('admin.experts.center')}
        name="center"
        value={draft.center}
        options={[all, ...(reference?.centers ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
        onChange={(e) => setDraft({ ...draft, center: e.target.value })}
      />
      <SelectField
        label={t.t('admin.experts.subject')}
        name="subject"
        value={draft.subject}
        options={[all, ...(reference?.subjects ?? []).map((s) => ({ value: String(s.id), label: s.name }))]}
        onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
      />
      <SelectField
        label={t.t('admin.experts.state')}
        name="active"
        value={draft.active}
        options={[
          all,
          { value: 'true', label: t.t('admin.experts.active') },
          { value: 'false', label: t.t('admin.experts.inactive') },
        ]}
        onChange={(e) => setDraft({ ...draft, active: e.target.value })}
      />
      <div className="admin-filter-actions">
        <ActionButton submit tone="primary" action="apply-filters">
          {t.t('admin.common.apply')}
        </ActionButton>
      </div>
    </form>
  )
}

/** One expert in the list: who, what, where, their flags and state, and what the admin can do. */
function ExpertCard({
  expert,
  onEdit,
  onDeactivate,
  onReactivate,
  canEdit,
}: {
  expert: AdminExpert
  onEdit: () => void
  onDeactivate: () => void
  onReactivate: () => void
  canEdit: boolean
}) {
  const t = useAdminT()
  const titleId = `admin-expert-${expert.id}`
  const name = (named: { name_ar: string; name_en: string }) =>
    t.lang === 'ar' ? named.name_ar : named.name_en
  const flags = EXPERT_FLAGS.filter((flag) => expert[flag])
  return (
    <li className="card admin-card" aria-labelledby={titleId} data-expert={expert.id}>
      <div className="admin-card-head">
        <h3 id={titleId} className="admin-card-title">
          <bdi>{expert.full_name}</bdi>
        </h3>
        <span className={expert.is_active ? 'pill' : 'pill admin-pill-off'}>
          {t.t(expert.is_active ? 'admin.experts.active' : 'admin.experts.inactive')}
        </span>
      </div>
      <p className="admin-card-line">
        {t.t(`contributors.kind.${expert.kind}`, { gender: expert.gender ?? 'male' })}
        {' | '}
        <bdi>{t.lang === 'ar' ? expert.title_ar : expert.title_en}</bdi>
      </p>
      <dl className="admin-facts">
        <div>
          <dt>{t.t('admin.experts.email')}</dt>
          <dd dir="ltr">{expert.email ?? '-'}</dd>
        </div>
        <div>
          <dt>{t.t('admin.experts.center')}</dt>
          <dd>{expert.center ? name(expert.center) : t.t('admin.experts.noCenter')}</dd>
        </div>
        <div>
          <dt>{t.t('admin.experts.subjects')}</dt>
          <dd>
            {expert.subjects.length > 0
              ? t.intl.formatList(expert.subjects.map(name))
              : t.t('admin.experts.noSubjectsChosen')}
          </dd>
        </div>
        <div>
          <dt>{t.t('admin.experts.flags')}</dt>
          <dd>
            {flags.length > 0
              ? t.intl.formatList(flags.map((flag) => t.t(FLAG_LABELS[flag])))
              : t.t('admin.experts.noFlags')}
          </dd>
        </div>
        <div>
          <dt>{t.t('admin.experts.upcomingLabel')}</dt>
          <dd>{t.intl.formatNumber(expert.upcoming_sessions)}</dd>
        </div>
      </dl>
      <div className="admin-card-actions">
        <ActionButton action="edit-expert" onClick={onEdit} disabled={!canEdit} aria-describedby={titleId}>
          {t.t('admin.common.edit')}
        </ActionButton>
        {expert.is_active ? (
          <ActionButton action="deactivate-expert" onClick={onDeactivate} aria-describedby={titleId}>
            {t.t('admin.experts.deactivate')}
          </ActionButton>
        ) : (
          <ActionButton action="reactivate-expert" onClick={onReactivate} aria-describedby={titleId}>
            {t.t('admin.experts.reactivate')}
          </ActionButton>
        )}
      </div>
    </li>
  )
}
