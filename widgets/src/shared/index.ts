export { createWidgetClient } from './api.ts'
export {
  configureWidgets,
  DEFAULT_API_BASE,
  resetWidgetConfig,
  resolveConfig,
  type SharedAttributes,
  sharedProps,
  type WidgetConfig,
} from './config.ts'
export { adoptStyles, sheetFor } from './styles.ts'
export { tokensCss } from './theme.ts'
export { useTranslator } from './use-translator.ts'
