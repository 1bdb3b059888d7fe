/**
 * `@mashura/core/contract`: the one description of the Mashura API's wire shapes, as TypeBox (JSON
 * Schema). The server validates requests, serializes answers and writes its OpenAPI document with these
 * schemas; core and the front ends take only their types (`import type`), so the TypeBox runtime never
 * reaches a widget bundle. `calls` lists every call core's client makes, for the tests that keep the two
 * sides in step.
 */
export * from './admin/content.ts'
export * from './admin/endpoints.ts'
export * from './admin/experts.ts'
export * from './admin/records.ts'
export * from './admin/webhooks.ts'
export * from './authentication.ts'
export * from './calls.ts'
export * from './chat.ts'
export * from './common.ts'
export * from './contributors.ts'
export * from './endpoints.ts'
export * from './enums.ts'
export * from './integration.ts'
export * from './limits.ts'
export * from './push.ts'
export * from './rating.ts'
export * from './realtime.ts'
export * from './recommendations.ts'
export * from './requests.ts'
export * from './schedule.ts'
export * from './self/bookings.ts'
export * from './self/calendar-feed.ts'
export * from './self/consent.ts'
export * from './self/mail-preferences.ts'
export * from './sessions.ts'
export * from './settings.ts'
export * from './sign-in-popup.ts'
export * from './statistics.ts'
export * from './uploads.ts'
export * from './webhooks.ts'
