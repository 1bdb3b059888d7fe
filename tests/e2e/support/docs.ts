import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { freePort, root } from './npm-start.ts'

/** The docs site's build output. */
export const docsDist = join(root, 'docs-site', 'dist')

/**
 * Builds the docs site (`npm run build -w @mashura/docs`: the OpenAPI document, the widget bundles, then
 * `astro build`) when its `dist/index.html` is missing; `npm test`'s docs suite has usually built it already.
 */
export function ensureDocsBuilt(): void {
  if (existsSync(join(docsDist, 'index.html'))) return
  const { NODE_ENV: _dropped, ...env } = process.env
  const result = spawnSync('npm', ['run', 'build', '-w', '@mashura/docs'], {
    cwd: root,
    env: { ...env, ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    throw new Error(`the docs site did not build:\n${result.stdout}\n${result.stderr}`.slice(-8000))
  }
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
}

/** A static server of a folder: `/a/` serves `a/index.html`, anything missing the site's `404.html`. */
export interface StaticServer {
  /** Its address with a trailing slash (`http://127.0.0.1:1234/`). */
  base: string
  close(): Promise<void>
}

/** Serves `dir` over HTTP on a free port of 127.0.0.1 (a tiny stand-in for any static host). */
export async function serveStatic(dir: string): Promise<StaticServer> {
  const top = normalize(dir + sep)
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    let file = normalize(join(top, path))
    if (!file.startsWith(top)) {
      response.writeHead(403).end()
      return
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    const found = existsSync(file) && statSync(file).isFile()
    const served = found ? file : join(top, '404.html')
    response.writeHead(found ? 200 : 404, {
      'content-type': types[extname(served)] ?? 'application/octet-stream',
    })
    response.end(existsSync(served) ? readFileSync(served) : 'not found')
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
