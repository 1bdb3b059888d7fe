/** The `expert-search` entry: registers `<expert-search>` and nothing else, for the lightest embed. */
import { defineExpertSearch } from './expert-search.element.ts'

export { configureWidgets } from '../shared/config.ts'
export { ExpertSearchElement } from './expert-search.element.ts'

defineExpertSearch()
