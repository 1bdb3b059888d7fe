import { describe, expect, it } from 'vitest'
import { adminEndpoints, type Call, calls, endpoints } from './index.ts'

describe('the contract', () => {
  it('names each call once, by method and path', () => {
    const routes = Object.values(calls).map((call) => `${call.method} ${call.path}`)
    expect(new Set(routes).size).toBe(routes.length)
  })

  it('gives each call its name, and the method and path of the endpoints tables (the site’s, the back office’s)', () => {
    const every: Record<string, string> = { ...endpoints, ...adminEndpoints }
    for (const [name, call] of Object.entries(calls) as [string, Call][]) {
      expect(call.name).toBe(name)
      expect(`${call.method} ${call.path}`).toBe(every[name])
    }
    expect(Object.keys(calls)).toEqual(Object.keys(every))
    // No name in both, and every back-office call below /admin, no site call there.
    expect(Object.keys(endpoints).filter((name) => name in adminEndpoints)).toEqual([])
    expect(Object.values(adminEndpoints).filter((e) => !e.split(' ')[1]!.startsWith('/admin/'))).toEqual([])
    expect(Object.values(endpoints).filter((e) => e.split(' ')[1]!.startsWith('/admin/'))).toEqual([])
  })

  it('writes paths below `/api` with `:name` parameters that the call’s params schema names', () => {
    for (const call of Object.values(calls) as Call[]) {
      expect(call.path, call.name).toMatch(/^\/[\w\-/:.]*$/)
      const inPath = [...call.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort()
      const inSchema = Object.keys(
        (call.params as { properties?: object } | undefined)?.properties ?? {},
      ).sort()
      expect(inPath, call.name).toEqual(inSchema)
    }
  })
})
