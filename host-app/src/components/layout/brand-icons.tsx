import { type IconProps, Svg } from './icons.tsx'

/** The X mark. */
export const XIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4.5 4h4l11 16h-4z" fill="currentColor" stroke="none" />
    <path d="M19 4l-6.2 7M5 20l6.2-7" />
  </Svg>
)
/** The Instagram camera. */
export const InstagramIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="3.8" />
    <path d="M17 7v.1" strokeWidth={2.4} />
  </Svg>
)
/** The LinkedIn "in". */
export const LinkedInIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
    <path d="M8 10.5V16.5M8 7.5v.1M11.5 16.5v-6M11.5 13.2a2.6 2.6 0 0 1 5 0v3.3" />
  </Svg>
)
/** The YouTube play button. */
export const YouTubeIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
    <path d="M10 9.2 15 12l-5 2.8z" fill="currentColor" />
  </Svg>
)
/** The Snapchat ghost. */
export const SnapchatIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 3.5c-3 0-5 2.2-5 5.2V11l-1.8.6c-.4.2-.3.7.1.9l1.6.6c-.6 1.6-1.8 2.8-3.4 3.4.3.7 1.5 1 2.6 1.1.2.6.4 1 .8 1 .9 0 1.8-.4 2.9.3.8.6 1.5 1 2.2 1s1.4-.4 2.2-1c1.1-.7 2-.3 2.9-.3.4 0 .6-.4.8-1 1.1-.1 2.3-.4 2.6-1.1-1.6-.6-2.8-1.8-3.4-3.4l1.6-.6c.4-.2.5-.7.1-.9L17 11V8.7c0-3-2-5.2-5-5.2z" />
  </Svg>
)
/** The Apple mark, for the App Store badge. */
export const AppleIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      d="M16.4 12.7c0-2 1.6-2.9 1.7-3-1-1.4-2.4-1.6-2.9-1.6-1.2-.1-2.4.7-3 .7s-1.6-.7-2.6-.7c-1.3 0-2.6.8-3.3 2-1.4 2.4-.4 6 1 8 .7 1 1.5 2 2.5 2s1.4-.6 2.6-.6 1.5.6 2.6.6 1.7-1 2.4-2c.5-.7.8-1.4 1-2.1-.1 0-2-.8-2-3.3z"
      fill="currentColor"
      stroke="none"
    />
    <path
      d="M14.6 6.6c.5-.7.9-1.6.8-2.6-.8 0-1.8.5-2.4 1.2-.5.6-1 1.6-.8 2.5.9.1 1.8-.4 2.4-1.1z"
      fill="currentColor"
      stroke="none"
    />
  </Svg>
)
/** The Google Play triangle, for the Google Play badge. */
export const GooglePlayIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5.5 3.5 19 12 5.5 20.5z" />
    <path d="M5.5 3.5 14.5 15M5.5 20.5l9-11.5" />
  </Svg>
)
