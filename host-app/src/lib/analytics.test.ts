import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Analytics, identify, lazyAnalytics, noAnalytics, setAnalytics } from './analytics.ts'

const person = { contributorId: '42', name: 'هيفاء الدوسري', email: 'haifa@example.sa' }

/** Every console call made while `run` runs, as text. */
function consoleDuring(run: () => void): string[] {
  const seen: string[] = []
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
    vi
      .spyOn(console, method)
      .mockImplementation((...args: unknown[]) => void seen.push(JSON.stringify(args))),
  )
  try {
    run()
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
  return seen
}

afterEach(() => setAnalytics(noAnalytics))

describe('analytics', () => {
  it('by default sends nothing and writes nothing personal to the console', () => {
    const seen = consoleDuring(() => identify(person))
    expect(seen).toEqual([])
  })

  it('hands the identify call the contributor id, full name and e-mail, leaving out what is absent', () => {
    const calls: Parameters<Analytics['identify']>[0][] = []
    setAnalytics({ identify: (p) => void calls.push(p) })
    identify(person)
    identify({ contributorId: 'null', name: 'سارة', email: null })
    identify({ contributorId: null, name: '', email: undefined })
    expect(calls).toEqual([person, { name: 'سارة' }])
  })

  it('loads a lazy implementation once, keeps calls made while it loads, and drops them if it cannot load', async () => {
    const calls: unknown[] = []
    let release!: (analytics: Analytics) => void
    const load = vi.fn(() => new Promise<Analytics>((resolve) => (release = resolve)))
    setAnalytics(lazyAnalytics(load))
    identify(person)
    identify({ contributorId: '7' })
    release({ identify: (p) => void calls.push(p) })
    await vi.waitFor(() => expect(calls).toEqual([person, { contributorId: '7' }]))
    expect(load).toHaveBeenCalledTimes(1)

    const warned: unknown[][] = []
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args) => void warned.push(args))
    setAnalytics(lazyAnalytics(() => Promise.reject(new TypeError(`no ${person.email}`))))
    identify(person)
    await vi.waitFor(() => expect(warned).toHaveLength(1))
    warn.mockRestore()
    expect(JSON.stringify(warned)).not.toMatch(/haifa|هيفاء/)
  })
})
