import { createTokenStore } from '../shared/token-store.ts'

/** The booking tokens by API base: one sign-in serves every calendar on the page that talks to one platform. */
export const bookingTokens = createTokenStore()
