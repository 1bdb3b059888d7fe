// Checks that the server's folders form layers (issue 32): no folder of `packages/server/src` reaches itself
// through the others (`domain → mail → db/queries → domain`). dependency-cruiser's `circular` rule sees
// cycles between files only, and a folder-level cycle is made of files that are each acyclic. Run by
// `npm run check:imports`:
//   node scripts/check-folder-cycles.mjs
// It prints each cycle with the imports that make it and exits 1 when there is one.
//
// A folder is the first folder below `packages/server/src` (`domain`, `wire`, `db`…), except that the two
// groups are looked into: each adapter (`adapters/mail`, `adapters/push`…) and each part of the web layer
// (`web/routes`, `web/plugins`, `web/http`) is a folder of its own, `db/queries` is one beside `db`, and a file
// at the root (or at a group's root) is its own node. The route areas (`web/routes/<area>/`) count as one
// folder: they register each other through `web/routes/index.ts`. Tests and test support are left out: a
// test may reach across layers.
import { cruise } from 'dependency-cruiser'

const SERVER = 'packages/server/src/'

/** The folder a server file belongs to, or null for a file this check leaves out. */
export function folderOf(path) {
  if (!path.startsWith(SERVER)) return null
  const rest = path.slice(SERVER.length)
  if (/\.test\.tsx?$/.test(rest) || rest.startsWith('test-support/')) return null
  const parts = rest.split('/')
  if (parts.length === 1) return parts[0].replace(/\.tsx?$/, '')
  if (parts[0] === 'db' && parts[1] === 'queries') return 'db/queries'
  if (parts[0] === 'adapters' || parts[0] === 'web')
    return parts.length === 2 ? `${parts[0]}/${parts[1].replace(/\.tsx?$/, '')}` : `${parts[0]}/${parts[1]}`
  return parts[0]
}

/**
 * The cycles of a graph given as `from → to → [the imports that make the edge]`: each strongly connected
 * group of more than one folder (Tarjan's algorithm), with the edges inside it.
 */
export function folderCycles(edges) {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((to) => [...to.keys()])])
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const groups = []
  let next = 0
  const visit = (node) => {
    index.set(node, next)
    low.set(node, next++)
    stack.push(node)
    onStack.add(node)
    for (const to of edges.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node), low.get(to)))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)))
    }
    if (low.get(node) === index.get(node)) {
      const group = []
      let member
      do {
        member = stack.pop()
        onStack.delete(member)
        group.push(member)
      } while (member !== node)
      if (group.length > 1) groups.push(group.sort())
    }
  }
  for (const node of nodes) if (!index.has(node)) visit(node)
  return groups.map((group) => ({
    folders: group,
    imports: group.flatMap((from) =>
      [...(edges.get(from) ?? [])].filter(([to]) => group.includes(to)).flatMap(([, made]) => made),
    ),
  }))
}

/** The folder graph of dependency-cruiser's modules: `from → to → ['a.ts → b.ts', …]`. */
export function folderGraph(modules) {
  const edges = new Map()
  for (const module of modules) {
    const from = folderOf(module.source)
    if (!from) continue
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved)
      if (!to || to === from) continue
      if (!edges.has(from)) edges.set(from, new Map())
      const made = edges.get(from)
      if (!made.has(to)) made.set(to, [])
      made.get(to).push(`${module.source} → ${dependency.resolved}`)
    }
  }
  return edges
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { output } = await cruise([SERVER], {
    doNotFollow: { path: ['node_modules'] },
    tsPreCompilationDeps: true,
    exclude: { path: ['\\.test\\.tsx?$'] },
  })
  const cycles = folderCycles(folderGraph(output.modules))
  for (const { folders, imports } of cycles) {
    console.error(`folder cycle: ${folders.join(', ')}`)
    for (const line of imports) console.error(`  ${line}`)
  }
  if (cycles.length > 0) {
    console.error(
      'Move what both sides need down a layer, or pass it in as an argument (docs: architecture).',
    )
    process.exit(1)
  }
  console.log('check-folder-cycles: the server folders form layers')
}
