import { getContributorSchedule, getSettings, isApiError } from '@mashura/core'
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderHook } from '../test-support/render-hook.tsx'
import { api } from './api.ts'
import { type ServerData, ServerDataContext } from './server-data.ts'
import { type ApiState, useApi } from './use-api.ts'

/** A load the test answers when it wants, recording the signal it ran with. */
function deferredLoads() {
  const runs: { key: string; signal: AbortSignal; resolve(value: string): void; reject(e: unknown): void }[] =
    []
  const load = (key: string) => (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => runs.push({ key, signal, resolve, reject }))
  return { runs, load }
}

afterEach(() => vi.restoreAllMocks())

/** A page that loads the settings through `useApi`, recording each state and which side loaded. */
function SettingsPage({
  side,
  states,
  loads,
}: {
  side: string
  states: ApiState<unknown>[]
  loads: string[]
}) {
  const state = useApi(async (signal) => {
    loads.push(side)
    return (await getSettings(api, { signal })).data
  }, [])
  states.push(state)
  return <p>{state.data ? 'settings' : 'loading'}</p>
}

describe('useApi', () => {
  it('loads on mount and keeps the outcome; reload loads again', async () => {
    const { runs, load } = deferredLoads()
    const hook = await renderHook(() => useApi(load('a'), []), undefined)
    expect(hook.current).toMatchObject({ data: undefined, error: undefined, loading: true })
    expect(runs).toHaveLength(1)
    runs[0]!.resolve('first')
    await vi.waitFor(() => expect(hook.current).toMatchObject({ data: 'first', loading: false }))

    hook.current.reload()
    await vi.waitFor(() => expect(runs).toHaveLength(2))
    // The data stays on screen while the next load runs.
    expect(hook.current).toMatchObject({ data: 'first', loading: true })
    runs[1]!.resolve('second')
    await vi.waitFor(() => expect(hook.current).toMatchObject({ data: 'second', loading: false }))
    await hook.unmount()
  })

  it('aborts the load of the deps before and never shows its late answer', async () => {
    const { runs, load } = deferredLoads()
    const hook = await renderHook((key: string) => useApi(load(key), [key]), 'before' as string)
    await hook.rerender('after')
    expect(runs.map((run) => [run.key, run.signal.aborted])).toEqual([
      ['before', true],
      ['after', false],
    ])
    runs[1]!.resolve('after’s data')
    runs[0]!.resolve('before’s data')
    await vi.waitFor(() => expect(hook.current).toMatchObject({ data: 'after’s data', loading: false }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(hook.history.map((state) => state.data)).not.toContain('before’s data')

    await hook.unmount()
    expect(runs[1]!.signal.aborted).toBe(true)
  })

  it("keeps the API's refusal as the error, logging only what is not the client's fault", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const missing = await renderHook(
      () => useApi((signal) => getContributorSchedule(api, { id: 987_654 }, { signal }), []),
      undefined,
    )
    await vi.waitFor(() => expect(missing.current.loading).toBe(false), { timeout: 10_000 })
    expect(missing.current.data).toBeUndefined()
    expect(isApiError(missing.current.error) && missing.current.error.status).toBe(404)
    expect(logged).not.toHaveBeenCalled()

    const broken = new TypeError('the answer could not be read')
    const failing = await renderHook(() => useApi(() => Promise.reject(broken), []), undefined)
    await vi.waitFor(() => expect(failing.current).toMatchObject({ error: broken, loading: false }))
    expect(logged).toHaveBeenCalledWith(broken)
    await missing.unmount()
    await failing.unmount()
  })

  it('hydrates from what the server loaded while drawing, without loading it again', async () => {
    const states: ApiState<unknown>[] = []
    const loads: string[] = []
    // The server's drawing pass only collects the load (entry-server.tsx runs it and draws again).
    const drawing: ServerData = { results: {}, pending: new Map() }
    const tree = (server: ServerData, side: string) => (
      <ServerDataContext.Provider value={server}>
        <SettingsPage side={side} states={states} loads={loads} />
      </ServerDataContext.Provider>
    )
    expect(renderToString(tree(drawing, 'server'))).toContain('loading')
    expect([...drawing.pending!.keys()]).toHaveLength(1)
    const [id, pending] = [...drawing.pending!.entries()][0]!
    const settings = await pending
    drawing.results[id] = settings
    const html = renderToString(tree({ results: drawing.results }, 'server'))
    expect(html).toContain('settings')

    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const browser: ServerData = { results: drawing.results }
    states.length = 0
    const flags = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    flags.IS_REACT_ACT_ENVIRONMENT = true
    const root = await act(async () => hydrateRoot(container, tree(browser, 'browser')))
    flags.IS_REACT_ACT_ENVIRONMENT = false
    expect(states[0]).toMatchObject({ data: settings, loading: false })
    expect(loads).toEqual(['server'])
    // The server's data serves the first render only.
    expect(Object.hasOwn(browser.results, id)).toBe(false)
    expect(container.textContent).toBe('settings')
    root.unmount()
    container.remove()
  })
})
