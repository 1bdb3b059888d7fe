import { COLORS, type Language, LOCALES } from '@mashura/core'
import type { ChartConfiguration, TooltipItem } from 'chart.js'

/** The theme's colours for chart series: primary, secondary, then darker tints that keep 3:1 on white. */
export const SERIES_COLOURS = [COLORS.primary, COLORS.secondary, '#1d5878', '#6b5391', '#8a4b08'] as const

/** One series of a bar chart: its label and one value per category. */
export interface Series {
  label: string
  values: number[]
}

/**
 * A bar chart's configuration in the site's look and the page's direction: in Arabic the category axis runs
 * from the right, the value axis sits on the right, legend and tooltip read right to left, and numbers use
 * Arabic-Indic digits. `horizontal` lays bars along the inline axis (long names: centers, subjects).
 */
export function barChartConfig({
  lang,
  labels,
  series,
  horizontal = false,
}: {
  lang: Language
  labels: string[]
  series: Series[]
  horizontal?: boolean | undefined
}): ChartConfiguration<'bar'> {
  const rtl = lang === 'ar'
  const numbers = new Intl.NumberFormat(LOCALES[lang])
  const textDirection = rtl ? 'rtl' : 'ltr'
  const valueAxis = horizontal ? 'x' : 'y'
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  const categoryScale = { grid: { display: false }, ticks: { autoSkip: !horizontal } }
  const valueScale = {
    beginAtZero: true,
    ticks: { precision: 0, callback: (value: number | string) => numbers.format(Number(value)) },
  }
  return {
    type: 'bar',
    data: {
      labels,
      datasets: series.map((s, i) => ({
        label: s.label,
        data: s.values,
        backgroundColor: SERIES_COLOURS[i % SERIES_COLOURS.length],
        borderRadius: 4,
        maxBarThickness: 36,
      })),
    },
    options: {
      indexAxis: horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      locale: LOCALES[lang],
      ...(reduceMotion ? { animation: false as const } : {}),
      scales: horizontal
        ? {
            x: { ...valueScale, reverse: rtl },
            y: { ...categoryScale, position: rtl ? 'right' : 'left' },
          }
        : {
            x: { ...categoryScale, reverse: rtl },
            y: { ...valueScale, position: rtl ? 'right' : 'left' },
          },
      plugins: {
        legend: {
          display: series.length > 1,
          position: 'bottom',
          rtl,
          textDirection,
          labels: { boxWidth: 14, boxHeight: 14 },
        },
        tooltip: {
          rtl,
          textDirection,
          callbacks: {
            label: (item: TooltipItem<'bar'>) =>
              `${item.dataset.label ?? ''}: ${numbers.format(Number(item.parsed[valueAxis]))}`,
          },
        },
      },
    },
  }
}
