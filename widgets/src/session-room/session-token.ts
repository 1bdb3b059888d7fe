import { createTokenStore } from '../shared/token-store.ts'

/** The session rooms' tokens by API base; a 401 clears the base's token (spec section 8). */
export const sessionRoomTokens = createTokenStore()
