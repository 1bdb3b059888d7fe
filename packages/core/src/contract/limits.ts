/**
 * The plain limits the contract's schemas enforce, as numbers: no TypeBox here (this module imports
 * nothing), so a front end can hold its inputs to the same limits without bundling the schemas.
 */

/** The largest page size (design section 2). */
export const MAX_PER_PAGE = 100
/** The default page size. */
export const DEFAULT_PER_PAGE = 15

/** The longest chat message, in characters. */
export const CHAT_MESSAGE_MAX = 4000

/** The longest reason (for ending, cancelling or rejecting), in characters. */
export const REASON_MAX = 1000
/** The longest account-deletion reason, in characters. */
export const DELETION_REASON_MAX = 300
/** The longest text answer or comment of a session rating, in characters. */
export const RATING_TEXT_MAX = 2000

/** The longest free text of the recommendations form, in characters. */
export const RECOMMENDATION_TEXT_MAX = 5000
/** The most links, courses or services a recommendations form may list. */
export const RECOMMENDATION_LIST_MAX = 20
/** The most attachments one recommendation may carry. */
export const RECOMMENDATION_ATTACHMENTS_MAX = 10

/** The most dates a contributor search may ask for (a month of days). */
export const MAX_SEARCH_DATES = 31
