import { COLORS, type Language, LOCALES } from '@mashura/core'
import type { ChartConfiguration, TooltipItem } from 'chart.js'

/** The theme's colours for chart series: primary, secondary, then darker tints that keep 3:1 on white. */
export const SERIES_COLOURS = [COLORS.primary, COLORS.secondary, '#1d5878', '#6b5391'] as const

/** One series of a bar chart: its label and one value per category. */
export interface Series {
  label: string
  values: number[]
}

/** What {@link barChartConfig} draws. */
export interface BarChartInput {
  /** The page's language: Arabic draws right to left with Arabic-Indic digits. */
  lang: Language
  /** The category labels, in reading order. */
  labels: string[]
  /** The series, each drawn in the next theme colour. */
  series: Series[]
  /** Bars along the inline axis (categories stacked down the block axis) instead of columns. */
  horizontal?: boolean
}

/**
 * A bar chart's configuration in the site's look and the page's direction. In Arabic the category axis runs
 * from the right (reversed), the value axis sits on the right, legend and tooltip are laid out right to left,
 * and numbers use Arabic-Indic digits (`ar-SA`); in English everything runs left to right.
 */
export function barChartConfig({
  lang,
  labels,
  series,
  horizontal = false,
}: BarChartInput): ChartConfiguration<'bar'> {
  const rtl = lang === 'ar'
  const numbers = new Intl.NumberFormat(lang === 'ar' ? 'ar-SA' : 'en-GB')
  const textDirection = rtl ? 'rtl' : 'ltr'
  const valueAxis = horizontal ? 'x' : 'y'
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  const categoryScale = { grid: { display: false }, ticks: { autoSkip: false } }
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
        maxBarThickness: 40,
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
            // Bars grow from the inline start: from the right in Arabic.
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
