/** The security requirements of the contributors-and-profile calls, for their schemas and the OpenAPI document. */

/** Public calls: the API key only. */
export const PUBLIC = [{ apiKey: [] }]
/** Signed-in calls: the API key and a bearer token. */
export const SIGNED_IN = [{ apiKey: [], bearer: [] }]
