import { sitePaths } from '@mashura/core'

/**
 * Every address of the site (spec section 2's route table), as route patterns for the router and as
 * builders for links. Components never write a URL by hand. The table itself is core's `sitePaths`, which the
 * server's mails and push messages link with too, so that an address is written in one place only.
 */
export const paths = sitePaths
