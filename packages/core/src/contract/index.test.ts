import { describe, expect, it } from 'vitest'
import { type Call, calls, endpoints } from './index.ts'

describe('the contract', () => {
  it('names each call once, by method and path', () => {
    const routes = Object.values(calls).map((call) => `${call.method} ${call.path}`)
    expect(new Set(routes).size).toBe(routes.length)
  })

  it('gives each call its name, and the method and path of the endpoints table', () => {
    for (const [name, call] of Object.entries(calls) as [string, Call][]) {
      expect(call.name).toBe(name)
      expect(`${call.method} ${call.path}`).toBe(endpoints[name as keyof typeof endpoints])
    }
    expect(Object.keys(calls)).toEqual(Object.keys(endpoints))
  })

  it('writes paths below `/api` with `:name` parameters that the call’s params schema names', () => {
    for (const call of Object.values(calls) as Call[]) {
      expect(call.path, call.name).toMatch(/^\/[\w\-/:]*$/)
      const inPath = [...call.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort()
      const inSchema = Object.keys(
        (call.params as { properties?: object } | undefined)?.properties ?? {},
      ).sort()
      expect(inPath, call.name).toEqual(inSchema)
    }
  })
})
