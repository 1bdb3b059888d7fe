import { afterEach, describe, expect, it } from 'vitest'
import {
  SERVER_DATA_ID,
  type ServerData,
  serverDataScript,
  takeServerData,
  wantServerLoad,
} from './server-data.ts'

afterEach(() => document.getElementById(SERVER_DATA_ID)?.remove())

/** Puts a script element's HTML into the page, as the server's page carries it. */
function inPage(html: string): void {
  document.body.insertAdjacentHTML('beforeend', html)
}

describe("the server's page data", () => {
  it('travels in a script element that its text cannot close, and is read once', () => {
    const results = { ':r1:': { name: '</script><script>alert(1)</script>', note: 'سطر\u2028آخر <!--' } }
    const html = serverDataScript({ results })
    expect(html).not.toMatch(/<\/script>.*<\/script>/s)
    expect(html).not.toContain('<!--')
    expect(html).not.toContain('\u2028')
    inPage(html)
    expect(document.querySelectorAll('script').length).toBeGreaterThan(0)
    expect(takeServerData()).toEqual({ results })
    expect(document.getElementById(SERVER_DATA_ID)).toBeNull()
    expect(takeServerData()).toBeNull()
  })

  it('is nothing when the element is empty or damaged', () => {
    inPage(`<script type="application/json" id="${SERVER_DATA_ID}"></script>`)
    expect(takeServerData()).toBeNull()
    inPage(`<script type="application/json" id="${SERVER_DATA_ID}">{"a":</script>`)
    expect(takeServerData()).toBeNull()
  })

  it('hands each load to the drawing server once, and none it has the result of', async () => {
    const server: ServerData = { results: { done: 1 }, pending: new Map() }
    let calls = 0
    const load = async () => ++calls
    wantServerLoad(server, 'a', load)
    wantServerLoad(server, 'a', load)
    wantServerLoad(server, 'done', load)
    expect([...server.pending!.keys()]).toEqual(['a'])
    expect(await server.pending!.get('a')).toBe(1)
    expect(calls).toBe(1)
    // In the browser (no pending loads) nothing is collected.
    wantServerLoad({ results: {} }, 'b', load)
    expect(calls).toBe(1)
  })
})
