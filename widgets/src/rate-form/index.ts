/** The `rate-form` entry: registers `<rate-form>` and nothing else, for the lightest embed. */
import { defineRateForm } from './rate-form.element.ts'

export { configureWidgets } from '../shared/config.ts'
export { RateFormElement } from './rate-form.element.ts'

defineRateForm()
