import { useId, useMemo, useRef, useState } from 'react'
import { useT } from '../../../lib/i18n.ts'
import { barChartConfig, type Series } from './chart-theme.ts'
import { useChart } from './use-chart.ts'

/** The props of {@link StatChart}. */
export interface StatChartProps {
  /** A name for tests and styles: `data-chart` on the figure. */
  name: string
  /** The chart's title: its caption, the canvas's accessible name and the table's caption. */
  title: string
  /** The header of the table's first column (what the categories are: months, phases). */
  categoryHeader: string
  /** The category labels, in reading order. */
  labels: string[]
  /** The series drawn, one value per label. */
  series: Series[]
  /** Bars along the inline axis instead of columns (long category names). */
  horizontal?: boolean
}

/**
 * A bar chart of statistics with the same figures as a table. The canvas is an image named after the chart
 * that points to the table; the table is always in the page (visually hidden until "show as table"), so
 * screen-reader users and anyone who prefers numbers get the figures. Redrawn on language change.
 */
export function StatChart({ name, title, categoryHeader, labels, series, horizontal }: StatChartProps) {
  const t = useT()
  const id = useId()
  const canvas = useRef<HTMLCanvasElement>(null)
  const [asTable, setAsTable] = useState(false)
  const lang = t.lang
  const config = useMemo(
    () => barChartConfig({ lang, labels, series, horizontal }),
    [lang, labels, series, horizontal],
  )
  useChart(canvas, config)
  return (
    <figure className="stat-chart" data-chart={name} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="stat-chart-title">
        {title}
      </figcaption>
      <div className={horizontal ? 'chart-box chart-box-wide' : 'chart-box'} hidden={asTable}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={t.t('workspace.chart.canvasLabel', { title })}
          data-chart-canvas={name}
        />
      </div>
      <button
        type="button"
        className="button chart-toggle"
        aria-expanded={asTable}
        aria-controls={`${id}-table`}
        data-action="toggle-chart-table"
        onClick={() => setAsTable((shown) => !shown)}
      >
        {t.t(asTable ? 'workspace.chart.showChart' : 'workspace.chart.showTable')}
      </button>
      <div id={`${id}-table`} className={asTable ? 'table-scroll' : 'visually-hidden'}>
        <table className="stats-table" data-table={name}>
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
      </div>
    </figure>
  )
}
