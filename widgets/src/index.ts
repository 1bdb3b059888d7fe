/**
 * @mashura/widgets: registers every widget under its default name. For a prefix, import `define.ts`'s
 * `defineWidgets({ prefix })` instead of this module.
 */
import { defineWidgets } from './define.ts'

export { type DefineWidgetsOptions, defineWidgets } from './define.ts'
export { emit, type MashuraEventMap, type MashuraEventName, type RatingSubmittedDetail } from './events.ts'
export { RateFormElement } from './rate-form/rate-form.element.ts'
export { configureWidgets, type WidgetConfig } from './shared/config.ts'

defineWidgets()
