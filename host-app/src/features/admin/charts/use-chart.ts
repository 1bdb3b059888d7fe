import type { ChartConfiguration } from 'chart.js'
import { type RefObject, useEffect } from 'react'

let kit: Promise<typeof import('./chart-kit.ts')> | undefined
/** Loads the Chart.js parts once, on first use (their own chunk). */
function loadChartKit() {
  kit ??= import('./chart-kit.ts')
  return kit
}

/**
 * Draws `config` on the canvas, anew whenever it changes (a new language, new figures). Once drawn, the canvas
 * carries `data-rendered="true"`. A failed load of the library leaves the table beside the chart to speak.
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
        chart = new Chart(element, config)
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
