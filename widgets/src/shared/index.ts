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
export { ERROR_NOTICE_MS, ErrorNotice, type ErrorNoticeProps, Skeleton, sharedCss } from './notice.tsx'
export { adoptStyles, sheetFor } from './styles.ts'
export { tokensCss } from './theme.ts'
export { useTranslator } from './use-translator.ts'
