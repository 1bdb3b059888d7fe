import { sitePaths } from '@mashura/core'

/** The sections of the back office (issue 33), each its own address below `/admin`. */
export type AdminSection = 'experts' | 'content' | 'deletions' | 'webhooks' | 'reports' | 'audit'

/**
 * Every address of the site (spec section 2's route table), as route patterns for the router and as
 * builders for links. Components never write a URL by hand. The table itself is core's `sitePaths`, which the
 * server's mails and push messages link with too, so that an address is written in one place only; the back
 * office (`/admin`, the site's alone: no mail links there) is added here.
 */
export const paths = {
  ...sitePaths,
  admin: {
    pattern: '/admin/:section?',
    to: (section?: AdminSection) => (section ? `/admin/${section}` : '/admin'),
  },
} as const
