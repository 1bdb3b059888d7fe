import { type FormEvent, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { ActionButton } from '../../../components/ui/action-button.tsx'
import { paths } from '../../../config/paths.ts'
import { useAdminT } from '../i18n.ts'
import { type ReportRange, rangeProblem, rangeSearch } from '../report-range.ts'
import { SelectField, TextField } from './fields.tsx'

/** The reports' range: from, to and the periods; showing puts them in the address. */
export function ReportRangeForm({ range }: { range: ReportRange }) {
  const t = useAdminT()
  const navigate = useNavigate()
  const [draft, setDraft] = useState(range)
  const [problem, setProblem] = useState('')
  useEffect(() => setDraft(range), [range])

  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = rangeProblem(draft)
    setProblem(found ? t.t(found) : '')
    if (!found) void navigate(`${paths.admin.to('reports')}?${rangeSearch(draft)}`)
  }
  return (
    <form className="admin-filters" onSubmit={show} noValidate aria-label={t.t('admin.reports.range')}>
      <TextField
        label={t.t('admin.common.from')}
        type="date"
        name="from"
        required
        value={draft.from}
        onChange={(e) => setDraft({ ...draft, from: e.target.value })}
      />
      <TextField
        label={t.t('admin.common.to')}
        type="date"
        name="to"
        required
        min={draft.from || undefined}
        value={draft.to}
        error={problem || undefined}
        onChange={(e) => setDraft({ ...draft, to: e.target.value })}
      />
      <SelectField
        label={t.t('admin.reports.period')}
        name="period"
        value={draft.period}
        options={[
          { value: 'week', label: t.t('admin.reports.byWeek') },
          { value: 'month', label: t.t('admin.reports.byMonth') },
        ]}
        onChange={(e) => setDraft({ ...draft, period: e.target.value === 'month' ? 'month' : 'week' })}
      />
      <div className="admin-filter-actions">
        <ActionButton submit tone="primary" action="show-reports">
          {t.t('admin.reports.show')}
        </ActionButton>
      </div>
    </form>
  )
}
