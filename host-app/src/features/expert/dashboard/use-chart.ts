import type { ChartConfiguration } from 'chart.js'
import { type RefObject, useEffect } from 'react'

/** Loads the Chart.js parts once, on first use (their own chunk). */
let kit: Promise<typeof import('./chart-kit.ts')> | undefined
function loadChartKit() {
  kit ??= import('./chart-kit.ts')
  return kit
}

/**
 * Draws `config` on the canvas, and draws it anew whenever `config` changes (a new language or new data).
 * Chart.js follows the container's size by itself (`responsive`), so a resize needs nothing here. Once drawn,
 * the canvas carries `data-rendered="true"` and `data-dir` (the direction the chart was drawn in, read back
 * from the chart) for tests and styles. A failed load of the library leaves the data table to speak.
 */
export function useChart(canvas: RefObject<HTMLCanvasElement | null>, config: ChartConfiguration | null) {
  useEffect(() => {
    const element = canvas.current
    if (!element || !config) return
    let cancelled = false
    let chart: { destroy(): void } | undefined
    loadChartKit().then(
      ({ Chart }) => {
        if (cancelled) return
        const drawn = new Chart(element, config)
        chart = drawn
        element.dataset.dir = drawn.options.plugins?.legend?.rtl ? 'rtl' : 'ltr'
        element.dataset.rendered = 'true'
      },
      (error: unknown) => console.error('the chart library could not be loaded', error),
    )
    return () => {
      cancelled = true
      chart?.destroy()
      delete element.dataset.rendered
    }
  }, [canvas, config])
}
