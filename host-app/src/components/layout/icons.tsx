import type { ReactNode, SVGProps } from 'react'

/** The props of every icon: size and class; icons are decorative unless given a `title`. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number }

/** The shared 24×24 frame of the icons; hidden from screen readers (a label always sits beside it). */
export function Svg({ size = 22, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

/** Three bars: opens the side menu. */
export const MenuIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
)
/** A cross: closes. */
export const CloseIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
)
/** A house: home. */
export const HomeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 11.5 12 4l9 7.5" />
    <path d="M5.5 10v10h13V10" />
    <path d="M10 20v-6h4v6" />
  </Svg>
)
/** A calendar: sessions. */
export const CalendarIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </Svg>
)
/** A calendar with a plus: the expert's week of slots. */
export const WeekIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4M12 12.5v5M9.5 15h5" />
  </Svg>
)
/** A speech bubble: messages. */
export const ChatIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 5h16v11H9l-5 4z" />
  </Svg>
)
/** A bell: notifications. */
export const BellIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </Svg>
)
/** Four tiles: the dashboard. */
export const DashboardIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="4" y="4" width="7" height="7" rx="1.5" />
    <rect x="13" y="4" width="7" height="7" rx="1.5" />
    <rect x="4" y="13" width="7" height="7" rx="1.5" />
    <rect x="13" y="13" width="7" height="7" rx="1.5" />
  </Svg>
)
/** A clipboard: requests. */
export const RequestsIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="5" y="4.5" width="14" height="16" rx="2" />
    <path d="M9 3h6v3H9zM8.5 11h7M8.5 15h5" />
  </Svg>
)
/** A question mark in a circle: FAQ. */
export const QuestionIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.7 9.5a2.4 2.4 0 1 1 3.3 2.2c-.7.3-1 .8-1 1.5v.3M12 16.8v.1" />
  </Svg>
)
/** A magnifier: search. */
export const SearchIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4 4" />
  </Svg>
)
/** A person: profile. */
export const UserIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="8.5" r="3.5" />
    <path d="M5 20c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5" />
  </Svg>
)
/** An "i" in a circle: about. */
export const InfoIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 11v5.5M12 7.8v.1" />
  </Svg>
)
/** A door with an arrow: log out (mirrored in right-to-left by CSS). */
export const LogoutIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M10 4H5v16h5" />
    <path d="M14 8l4 4-4 4M18 12H9" />
  </Svg>
)
/** Two opposite arrows: switch profile. */
export const SwitchIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M7 4 3.5 7.5 7 11M3.5 7.5h13M17 13l3.5 3.5L17 20M20.5 16.5h-13" />
  </Svg>
)
/** A globe: language. */
export const GlobeIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5c2.3 2.4 3.4 5.2 3.4 8.5s-1.1 6.1-3.4 8.5c-2.3-2.4-3.4-5.2-3.4-8.5s1.1-6.1 3.4-8.5z" />
  </Svg>
)
/** A box with an arrow: an external link. */
export const ExternalIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M14 4h6v6M20 4l-8 8" />
    <path d="M18 14v6H4V6h6" />
  </Svg>
)
