import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

// @mashura/core's public entry offers only what production code uses (issue 19): a value exported from
// packages/core/src/index.ts must be named by some non-test source outside core. What only tests need goes
// through the explicit @mashura/core/testing entry; what only core's own code needs stays in its module.
//
// And core keeps only what more than one workspace uses (issue 32): a value of the entry that the production
// sources of just one workspace import belongs in that workspace (the site's catalogs, menus and notices live
// in host-app/src). Core's own use does not count. `KEPT_FOR_ONE` lists the exceptions, each with its reason.
// Types are not counted: a type follows the function or schema it describes. Nor are the endpoint functions
// (`export * from './api/functions.ts'`): the API client is one function per endpoint in core (convention 8),
// and each host wraps the ones it calls.

const root = new URL('..', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')

/** The value names (not types) the entry re-exports, from its `export { … } from` blocks. */
function exportedValues(source: string): string[] {
  const blocks = [...source.matchAll(/export \{([^}]*)\} from/g)].map((m) => m[1] ?? '')
  return blocks
    .flatMap((block) => block.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '' && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/).at(-1) ?? name)
}

/**
 * The value names a module exports: its `export { … } from` blocks, its own exported declarations, and what the
 * modules it re-exports whole (`export * from './x.ts'`) export, followed down.
 */
function exportedValuesOf(path: string): string[] {
  const source = read(path)
  const declared = [...source.matchAll(/^export (?:async )?(?:function\*?|const|let|class) ([\w$]+)/gm)]
  const whole = [...source.matchAll(/^export \* from '([^']+)'/gm)]
  return [
    ...exportedValues(source),
    ...declared.map((m) => m[1] ?? ''),
    ...whole.flatMap((m) => exportedValuesOf(join(dirname(path), m[1] ?? ''))),
  ]
}

/**
 * Production sources outside core: the repository's code files (tracked, or new and not ignored, as they are
 * on disk) that are not tests or test support.
 */
function productionSources(): string[] {
  const patterns = ['*.ts', '*.tsx', '*.mjs', '*.astro', '*.js']
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...patterns], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean)
  return files.filter(
    (file) =>
      existsSync(new URL(file, root)) &&
      !file.startsWith('packages/core/') &&
      !file.startsWith('tests/') &&
      !/\.test\.|test-support|test-client|test-files/.test(file),
  )
}

/** The workspaces a core export can serve, as path prefixes from the repository's root. */
const WORKSPACES = ['packages/server', 'widgets', 'host-app', 'examples', 'docs-site', 'zoom-page'] as const

/** The names a source imports (or re-exports) from the root entry `@mashura/core`, values and types alike. */
function importedFromCore(source: string): string[] {
  const statements = withoutComments(source).matchAll(
    /\b(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]@mashura\/core['"]/g,
  )
  return [...statements].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '',
      )
      .filter(Boolean),
  )
}

/** For each name imported from `@mashura/core`, the workspaces whose production sources import it. */
function workspacesUsing(
  files: readonly string[],
  readFile: (file: string) => string,
): Map<string, Set<string>> {
  const users = new Map<string, Set<string>>()
  for (const file of files) {
    const workspace = WORKSPACES.find((prefix) => file.startsWith(`${prefix}/`))
    if (!workspace) continue
    for (const name of importedFromCore(readFile(file))) {
      const set = users.get(name) ?? new Set<string>()
      set.add(workspace)
      users.set(name, set)
    }
  }
  return users
}

const CORE_TIME =
  "core's Riyadh clock and calendar (time unit): one family with what every front end and the server use " +
  '(riyadhDay, weekBounds, formatDateWithHijri); split up, Riyadh time would be computed in two places'
const STATE_MACHINE =
  'the session and request state machine (spec 4): the server enforces it, and lifecycleOf and sessionActions, ' +
  'which the widgets and the site show, are derived from it in core; one copy keeps both sides agreeing'
const SIGN_IN =
  "the sign-in flow and session state (auth unit), which core's API client and stores read and every front " +
  'end signs in through (createSignInUrl, completeSignIn); only one workspace calls this step today'
const STORES =
  "the signed-in session's stores, which core's auth resets on logout and on a 401 (resetSessionStores)"
const STORAGE = "the storage keys core's auth and stores persist the session under, which the site reads too"
const WIRE = 'a value or limit of the wire (contract enums/limits), which the server validates with too'

/** Exports of the entry that one workspace uses and that stay in core anyway: name → why. */
const KEPT_FOR_ONE: Readonly<Record<string, string>> = {
  // The server only.
  LANGUAGES:
    "the i18n unit's list of languages, which core's translator and the server's language choice share",
  availabilityForCommunicationWay: STATE_MACHINE,
  endsEarly: STATE_MACHINE,
  RECOMMENDABLE_STATES: STATE_MACHINE,
  REQUEST_MOVES: STATE_MACHINE,
  SESSION_MOVES: STATE_MACHINE,
  sessionMoveRefusal: STATE_MACHINE,
  // Issue 34: the server enforces the business owner's change window and sends it as `changeable_until`; the
  // screens read that with `canOwnerChange`, beside it, so both sides judge by one rule.
  ownerChangeWindow: STATE_MACHINE,
  // Issue 36: the calendar feed's many-event form of core's one .ics writer, kept beside createIcs (which the
  // site and the mails share) so that a feed and a mail can never write an event two ways.
  createIcsFeed:
    "the .ics writer's feed form, beside createIcs: one writer for the mails' files and the feeds",
  OWNER_CHANGE_CUTOFF_HOURS_DEFAULT: `${STATE_MACHINE}; the server's default cut-off (OWNER_CHANGE_CUTOFF_HOURS)`,
  riyadhMonth: CORE_TIME,
  riyadhParts: CORE_TIME,
  startOfRiyadhMonth: CORE_TIME,
  // The widgets only.
  ApiError: "the API client's error (convention 8), which the site meets through isApiError",
  createApiClient:
    'the API client (convention 8); the site gets its client from createSessionClient, built on it',
  completeHandoffSignIn: SIGN_IN,
  randomUrlSafe: SIGN_IN,
  s256Challenge: SIGN_IN,
  bookingCalendarMessages:
    "a widget's own catalog: the widgets' catalogs stay beside the shared ones they extend (issue 32), where " +
    'scripts/precompile-messages.ts slices them per widget',
  expertSearchMessages: "a widget's own catalog (see bookingCalendarMessages)",
  sessionRoomMessages: "a widget's own catalog (see bookingCalendarMessages)",
  COMMUNICATION_WAYS: WIRE,
  RATING_TEXT_MAX: WIRE,
  formatHijriRange: CORE_TIME,
  // The host app only.
  completeAppLink: SIGN_IN,
  requestToken: SIGN_IN,
  switchProfile: SIGN_IN,
  roleFromContributorId: `${SIGN_IN}; core's stores derive the acting role with it`,
  LOCALES: "the i18n unit's locale per language, which core's translator and time formatting use",
  RealtimeError: "the realtime clients' error (design section 5: core defines the realtime interface)",
  createWebPushClient: 'the Web Push client behind the PushClient interface core defines (design section 5)',
  CONTRIBUTOR_KINDS: WIRE,
  DELETION_REASON_MAX: WIRE,
  isUnreadMessage: 'the unread rule (spec 3), shared with the chat conversations core maps from realtime',
  EXTRA_STORAGE_KEYS: STORAGE,
  getStorage: STORAGE,
  STORAGE_KEYS: STORAGE,
  $expert: STORES,
  $hasUnreadChat: STORES,
  $instantAvailability: STORES,
  $notificationCount: STORES,
  $signedIn: STORES,
  hydrateStores: STORES,
  setInstantAvailability: STORES,
  isCalendarDay: CORE_TIME,
  riyadhClockTime: CORE_TIME,
  riyadhInstant: CORE_TIME,
  riyadhWeekDays: CORE_TIME,
  toUnixSeconds: CORE_TIME,
  // The examples only.
  RatingTokenError: 'the error of decryptRatingToken, which the widgets use; the examples show its codes',
  currentWeekRange: CORE_TIME,
}

/** Code without its comments: a name a comment mentions is not a use. */
const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1')

/** The names no source uses as a whole word (a `$` counts as part of a name). */
function unusedNames(names: readonly string[], sources: string): string[] {
  const code = withoutComments(sources)
  return names.filter((name) => {
    const escaped = name.replace(/\$/g, '\\$')
    return !new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`).test(code)
  })
}

describe('the public entry of @mashura/core', () => {
  it('exports no value that only tests use', () => {
    const names = exportedValuesOf('packages/core/src/index.ts')
    expect(names.length).toBeGreaterThan(100)
    // The endpoint functions come whole from api/functions.ts.
    expect(names).toContain('getBookedSessions')
    const unused = unusedNames(names, productionSources().map(read).join('\n'))
    expect(unused, 'move these to @mashura/core/testing, keep them inside core, or delete them').toEqual([])
  })

  it('exports no value that only one workspace uses, but for the listed exceptions', () => {
    const names = exportedValues(read('packages/core/src/index.ts'))
    const users = workspacesUsing(productionSources(), read)
    const single = names.filter((name) => users.get(name)?.size === 1 && !Object.hasOwn(KEPT_FOR_ONE, name))
    expect(
      single.map((name) => `${name} (${[...(users.get(name) ?? [])].join('')})`),
      'move these into the one workspace that uses them, or list them in KEPT_FOR_ONE with the reason',
    ).toEqual([])
    // An exception that no longer applies (now shared, moved out, or gone) leaves the list.
    const stale = Object.keys(KEPT_FOR_ONE).filter(
      (name) => !names.includes(name) || users.get(name)?.size !== 1,
    )
    expect(stale, 'these are no longer core exports that one workspace uses: drop them').toEqual([])
  })

  it('counts the workspaces that import a name from the root entry, and nothing else', () => {
    const files: Record<string, string> = {
      'host-app/src/a.ts': "import { a, type B } from '@mashura/core'\n// import { c } from '@mashura/core'",
      'host-app/src/b.ts':
        "import { c as d } from '@mashura/core/testing'\nexport { a } from '@mashura/core'",
      'widgets/src/c.ts': "import type { B } from '@mashura/core'",
      'packages/core/src/d.ts': "import { e } from '@mashura/core'",
    }
    const users = workspacesUsing(Object.keys(files), (file) => files[file] ?? '')
    expect(Object.fromEntries([...users].map(([name, set]) => [name, [...set].sort()]))).toEqual({
      a: ['host-app'],
      B: ['host-app', 'widgets'],
    })
  })

  it('reports a made-up export, and a name only a comment mentions, as unused', () => {
    expect(exportedValues("export { a, type B, c as d } from './x.ts'")).toEqual(['a', 'd'])
    const sources = 'a()\n// d is named here only\n/* and $e here */ $f.get()'
    expect(unusedNames(['a', 'd', '$e', '$f', 'g'], sources)).toEqual(['d', '$e', 'g'])
  })
})
