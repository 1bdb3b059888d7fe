/**
 * The parts of Chart.js the dashboard draws with, registered once. Only bar charts with category and linear
 * axes, the legend and the tooltip are imported, so the bundler leaves the rest of the library out; this
 * module is loaded with a dynamic `import()` so the dashboard's first paint does not wait for it.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js'

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip)

// The site's font (IBM Plex Sans Arabic), so chart labels read like the page around them.
const family = getComputedStyle(document.documentElement).getPropertyValue('--mashura-font-family').trim()
if (family) Chart.defaults.font.family = family
Chart.defaults.color = '#4f5666'

export { Chart }
