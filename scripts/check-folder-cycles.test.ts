import { describe, expect, it } from 'vitest'
import { folderCycles, folderGraph, folderOf } from './check-folder-cycles.mjs'

/** dependency-cruiser's module list for some `from → [to…]` imports of server files. */
function modules(imports: Record<string, string[]>) {
  return Object.entries(imports).map(([source, to]) => ({
    source: `packages/server/src/${source}`,
    dependencies: to.map((path) => ({ resolved: `packages/server/src/${path}` })),
  }))
}

describe('check-folder-cycles', () => {
  it('names folders: db/queries apart from db, route areas as routes, tests left out', () => {
    expect(folderOf('packages/server/src/domain/booking.ts')).toBe('domain')
    expect(folderOf('packages/server/src/db/queries/slots.ts')).toBe('db/queries')
    expect(folderOf('packages/server/src/db/tables.ts')).toBe('db')
    expect(folderOf('packages/server/src/web/routes/schedule/index.ts')).toBe('web/routes')
    expect(folderOf('packages/server/src/adapters/mail/outbox.ts')).toBe('adapters/mail')
    expect(folderOf('packages/server/src/adapters/access-token-cache.ts')).toBe('adapters/access-token-cache')
    expect(folderOf('packages/server/src/web/site.ts')).toBe('web/site')
    expect(folderOf('packages/server/src/app.ts')).toBe('app')
    expect(folderOf('packages/server/src/domain/booking.test.ts')).toBeNull()
    expect(folderOf('packages/server/src/test-support/context.ts')).toBeNull()
    expect(folderOf('packages/core/src/index.ts')).toBeNull()
  })

  it('finds a cycle of folders made of files that are each free of cycles, with the imports that make it', () => {
    const graph = folderGraph(
      modules({
        'domain/lifecycle.ts': ['mail/session-mails.ts', 'db/queries/sessions.ts'],
        'mail/session-mails.ts': ['db/queries/mail-outbox.ts'],
        'db/queries/sessions.ts': ['db/tables.ts'],
        'db/queries/mail-outbox.ts': ['domain/session-filters.ts'],
        'routes/schedule/index.ts': ['domain/lifecycle.ts'],
      }),
    )
    const cycles = folderCycles(graph)
    expect(cycles.map((c) => c.folders)).toEqual([['db/queries', 'domain', 'mail']])
    expect(cycles[0]!.imports).toContain(
      'packages/server/src/db/queries/mail-outbox.ts → packages/server/src/domain/session-filters.ts',
    )
  })

  it('passes layers that only point down', () => {
    const graph = folderGraph(
      modules({
        'routes/schedule/index.ts': ['domain/lifecycle.ts', 'wire/sessions.ts'],
        'wire/sessions.ts': ['db/queries/sessions.ts'],
        'domain/lifecycle.ts': ['mail/session-mails.ts', 'db/queries/sessions.ts'],
        'mail/session-mails.ts': ['db/queries/mail-outbox.ts'],
        'db/queries/sessions.ts': ['db/tables.ts'],
        'routes/index.ts': ['routes/schedule/index.ts'],
      }),
    )
    expect(folderCycles(graph)).toEqual([])
  })
})
