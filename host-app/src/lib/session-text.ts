import './more-messages.ts'
import { formatTime, type Translator, timeZoneLabel } from '@mashura/core'
import type { HostAppMessageKey } from '../i18n/index.ts'

/** The site's translator (`useT`). */
type T = Translator<HostAppMessageKey>

/** "from … to … (Riyadh time)": a session's or a requested slot's times in the site's language. */
export function timeRangeText(t: T, start: string, end: string): string {
  return t.t('sessionsPage.timeRange', {
    start: formatTime(start, t.lang),
    end: formatTime(end, t.lang),
    zone: timeZoneLabel(t.lang),
  })
}

/**
 * How a session meets, as one short list: online or office, the office's name, and "instant" for an
 * instant session.
 */
export function communicationText(
  t: T,
  way: { online: boolean; office?: string | null | undefined; instant?: boolean | undefined },
): string {
  return t.intl.formatList(
    [
      t.t(way.online ? 'communication.online' : 'communication.office'),
      !way.online && way.office ? way.office : '',
      way.instant ? t.t('sessionsPage.instant') : '',
    ].filter(Boolean),
    { type: 'unit', style: 'short' },
  )
}
