import { type ReactNode, useId, useMemo, useRef } from 'react'
import { useAdminT } from '../i18n.ts'
import { barChartConfig, type Series } from './bar-config.ts'
import { useChart } from './use-chart.ts'

/** The props of {@link ReportChart}. */
export interface ReportChartProps {
  /** A name for tests and styles: `data-chart` on the figure. */
  name: string
  /** The chart's title: its caption, the canvas's accessible name and the table's caption. */
  title: string
  /** The header of the table's first column (what the categories are: weeks, centers). */
  categoryHeader: string
  /** The category labels, in reading order. */
  labels: string[]
  /** The series drawn, one value per label. */
  series: Series[]
  /** Bars along the inline axis (long category names). */
  horizontal?: boolean
}

/**
 * A report's bar chart with its table beside it (below it on a phone): the same figures, so screen-reader
 * users and anyone who prefers numbers read them, and the canvas is an image that says where they are.
 */
export function ReportChart({ name, title, categoryHeader, labels, series, horizontal }: ReportChartProps) {
  const t = useAdminT()
  const id = useId()
  const canvas = useRef<HTMLCanvasElement>(null)
  const lang = t.lang
  // The chart draws the series that have any figure; the table beside it keeps every column.
  const config = useMemo(() => {
    const shown = series.filter((s) => s.values.some((value) => value > 0))
    return labels.length > 0 ? barChartConfig({ lang, labels, series: shown, horizontal }) : null
  }, [lang, labels, series, horizontal])
  useChart(canvas, config)
  const height = horizontal ? Math.max(160, labels.length * 36 + 60) : 260
  return (
    <figure className="admin-chart" data-chart={name} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="admin-chart-title">
        {title}
      </figcaption>
      {labels.length === 0 ? (
        <p className="muted">{t.t('admin.reports.noData')}</p>
      ) : (
        <div className="admin-chart-body">
          <div className="admin-chart-box" style={{ blockSize: `${height}px` }}>
            <canvas
              ref={canvas}
              role="img"
              aria-label={t.t('admin.reports.canvasLabel', { title })}
              data-chart-canvas={name}
            />
          </div>
          <TableScroll label={title}>
            <table className="admin-table" data-table={name}>
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{categoryHeader}</th>
                  {series.map((s) => (
                    <th scope="col" key={s.label}>
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {labels.map((label, row) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    {series.map((s) => (
                      <td key={s.label}>{t.intl.formatNumber(s.values[row] ?? 0)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
    </figure>
  )
}

/**
 * A table's box that scrolls sideways inside itself when the table is wider than the screen (the page never
 * does): a named region that takes the focus, so a keyboard can scroll it too.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard (WCAG 2.1.1)
    <section className="admin-table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}
