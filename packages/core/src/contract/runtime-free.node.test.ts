/**
 * Core's own modules take the contract as types only, so TypeBox never reaches a bundle of core or the
 * widgets: a value import of the contract from outside it (which `verbatimModuleSyntax` would keep) fails here.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('..', import.meta.url))

/** Every TypeScript source of core outside the contract, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'contract' ? [] : sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !path.includes('test-support')
      ? [path]
      : []
  })
}

it('core imports the contract as types only', () => {
  const valueImports = sources(SRC).flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    // `import { type X }` is kept as a bare import under `verbatimModuleSyntax`: only `import type` is erased.
    const statements = text.match(/^(?:import|export)\s[^'"]*?\sfrom\s+'[^']+'/gm) ?? []
    return (
      statements
        .filter((statement) => /'[^']*\/contract\/[^']*'$/.test(statement))
        // The TypeBox-free modules (checked below) may be imported for their values.
        .filter(
          (statement) =>
            !/\/contract\/(endpoints|enums|limits|sign-in-popup|admin\/endpoints)\.ts'$/.test(statement),
        )
        .filter((statement) => !/^(?:import|export)\s+type\s/.test(statement))
        .map((statement) => `${relative(SRC, file)}: ${statement.replace(/\s+/g, ' ')}`)
    )
  })
  expect(valueImports).toEqual([])
})

it('the contract modules core and the front ends import at run time load no TypeBox', () => {
  // The calls' methods and paths, the closed sets of values, the limits and the sign-in popup's messages.
  for (const name of [
    'endpoints.ts',
    'enums.ts',
    'limits.ts',
    'sign-in-popup.ts',
    'admin/endpoints.ts',
    'admin/experts-endpoints.ts',
    'admin/content-endpoints.ts',
    'admin/records-endpoints.ts',
    'admin/webhooks-endpoints.ts',
    'self/bookings-endpoints.ts',
    'self/consent-endpoints.ts',
    'self/my-data-endpoints.ts',
    'self/mail-preferences-endpoints.ts',
    'self/calendar-feed-endpoints.ts',
  ]) {
    const text = readFileSync(join(SRC, 'contract', name), 'utf8')
    const statements = text.match(/^import\s[^'"]*?\sfrom\s+'[^']+'/gm) ?? []
    expect(
      statements
        .filter((statement) => !/^import\s+type\s/.test(statement))
        // The tables join their areas' tables (the back office's, a person's own: `self/`), each checked here too.
        .filter((statement) => !/from\s+'\.\/(?:self\/)?[\w-]+-endpoints\.ts'$/.test(statement)),
      name,
    ).toEqual([])
  }
})
