/**
 * Every endpoint function, one per call core's front ends make: each sends its call by name (`callApi`), with
 * the contract's method, path and types. Re-exported whole by the api unit and the package root, so a new
 * call's function is public as soon as it is written in its area's module.
 */
export * from './authentication.ts'
export * from './calendar-feed.ts'
export * from './chat.ts'
export * from './consent.ts'
export * from './contributors.ts'
export * from './integration.ts'
export * from './mail-preferences.ts'
export * from './meeting.ts'
export * from './my-data.ts'
export * from './rating.ts'
export * from './requests.ts'
export * from './schedule.ts'
export * from './settings.ts'
export * from './sme-sessions.ts'
export * from './statistics.ts'
export * from './uploads.ts'
