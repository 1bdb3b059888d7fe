import type { MessageKey } from '@mashura/core'
import type { ComponentType } from 'react'
import { CalendarIcon, HomeIcon, type IconProps, WeekIcon } from './icons.tsx'

/** A navigation entry's label and icon. */
export interface NavEntry {
  label: MessageKey
  Icon: ComponentType<IconProps>
}

/** The entries the header's navigation and the side menu both show: the same label and icon in both. */
export const SHARED_NAV_ENTRIES = {
  home: { label: 'nav.home', Icon: HomeIcon },
  sessions: { label: 'nav.sessions', Icon: CalendarIcon },
  week: { label: 'nav.myWeek', Icon: WeekIcon },
} as const satisfies Record<string, NavEntry>
