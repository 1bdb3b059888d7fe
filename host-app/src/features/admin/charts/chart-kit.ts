/**
 * The parts of Chart.js (the site's chart library) the back office's reports draw with, registered once: bar
 * charts with category and linear axes, the legend and the tooltip, so the bundler leaves the rest out. Loaded
 * with a dynamic `import()` when the reports first draw a chart.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js'

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip)

// The site's font, so chart labels read like the page around them.
const family = getComputedStyle(document.documentElement).getPropertyValue('--mashura-font-family').trim()
if (family) Chart.defaults.font.family = family
Chart.defaults.color = '#4f5666'

export { Chart }
