import { describe, expect, it } from 'vitest'
import { auditQuery } from './components/audit-section.tsx'
import { deadlineTone, decisionProblem } from './components/deletions-section.tsx'
import { csvFileName, exportQuery } from './csv.ts'
import { defaultRange, rangeFromParams, rangeProblem } from './report-range.ts'

describe('CSV exports (issue 33)', () => {
  it('names a file by what it holds and its range, in characters every system keeps', () => {
    expect(csvFileName('audit-log')).toBe('mashura-audit-log.csv')
    expect(csvFileName('sessions', { from: '2026-01-01', to: '2026-01-31' })).toBe(
      'mashura-sessions_2026-01-01_2026-01-31.csv',
    )
    expect(csvFileName('audit-log', { from: '', to: '2026-02-01' })).toBe(
      'mashura-audit-log_start_2026-02-01.csv',
    )
    expect(csvFileName('a b/c')).toBe('mashura-a-b-c.csv')
  })

  it('leaves empty filters out of an export and trims the others', () => {
    expect(exportQuery({ q: ' noura ', action: '', target: undefined, page: 2, active: false })).toEqual({
      q: 'noura',
      page: 2,
      active: false,
    })
  })

  it('turns the audit trail’s Riyadh days into times, the end day included', () => {
    expect(
      auditQuery({
        q: '',
        action: 'expert.',
        target_type: '',
        target_id: '',
        from: '2026-03-01',
        to: '2026-03-02',
      }),
    ).toEqual({ action: 'expert.', from: '2026-02-28T21:00:00.000Z', to: '2026-03-02T21:00:00.000Z' })
    expect(auditQuery({ q: 'x', action: '', target_type: '', target_id: '', from: 'nope', to: '' })).toEqual({
      q: 'x',
    })
  })
})

describe('report ranges (issue 33)', () => {
  it('defaults to the last 30 days by week, and keeps a valid range from the address', () => {
    expect(defaultRange('2026-03-30')).toEqual({ from: '2026-03-01', to: '2026-03-30', period: 'week' })
    const params = new URLSearchParams({ from: '2026-01-01', to: '2026-02-01', period: 'month' })
    expect(rangeFromParams(params, '2026-03-30')).toEqual({
      from: '2026-01-01',
      to: '2026-02-01',
      period: 'month',
    })
    const reversed = new URLSearchParams({ from: '2026-02-01', to: '2026-01-01' })
    expect(rangeFromParams(reversed, '2026-03-30')).toEqual(defaultRange('2026-03-30'))
  })

  it('refuses a missing date, an end before the start and more than two years', () => {
    expect(rangeProblem({ from: '', to: '2026-01-01', period: 'week' })).toBe('admin.reports.rangeInvalid')
    expect(rangeProblem({ from: '2026-02-01', to: '2026-01-01', period: 'week' })).toBe(
      'admin.reports.rangeEndBeforeStart',
    )
    expect(rangeProblem({ from: '2024-01-01', to: '2026-01-02', period: 'month' })).toBe(
      'admin.reports.rangeTooLong',
    )
    expect(rangeProblem({ from: '2026-01-01', to: '2026-01-01', period: 'week' })).toBeNull()
  })
})

describe('deletion requests (issue 33)', () => {
  it('marks a pending request overdue past its deadline and soon within a week', () => {
    expect(deadlineTone({ state: 'pending', overdue: true, days_left: -2 })).toBe('overdue')
    expect(deadlineTone({ state: 'pending', overdue: false, days_left: 3 })).toBe('soon')
    expect(deadlineTone({ state: 'pending', overdue: false, days_left: 20 })).toBe('ok')
    expect(deadlineTone({ state: 'approved', overdue: false, days_left: -5 })).toBe('done')
  })

  it('needs a reason for a decision', () => {
    expect(decisionProblem('  ')).toBe('admin.form.reasonRequired')
    expect(decisionProblem('x'.repeat(1001))).toBe('admin.form.tooLong')
    expect(decisionProblem('Outstanding invoices')).toBeNull()
  })
})
