import { describe, expect, it } from 'vitest'
import { testConfig } from '../test-support/context.ts'
import { isZoomPagePath, zoomFrameAncestors, zoomPagePolicy } from './zoom-page.ts'

describe('the Zoom page headers', () => {
  it('let the API keys’ origins frame the page, and nobody else', () => {
    const config = testConfig({ apiKeys: { partner: ['https://partner.example'] }, devApiKey: null })
    expect(zoomFrameAncestors(config)).toEqual(["'self'", 'https://partner.example'])
    const policy = zoomPagePolicy(config)
    expect(policy).toContain("frame-ancestors 'self' https://partner.example")
    expect(policy).not.toContain('localhost')
    expect(policy).not.toMatch(/frame-ancestors[^;]*\*(?!\.)/)
  })

  it('let localhost pages frame it in development, as the development key allows', () => {
    expect(zoomFrameAncestors(testConfig())).toContain('http://localhost:*')
  })

  it('allow Zoom’s code, WebAssembly and sockets, and no plugins', () => {
    const policy = zoomPagePolicy(testConfig())
    expect(policy).toMatch(/script-src [^;]*'wasm-unsafe-eval'[^;]*https:\/\/\*\.zoom\.us/)
    expect(policy).toMatch(/connect-src [^;]*wss:\/\/\*\.zoom\.us/)
    expect(policy).toContain("object-src 'none'")
    expect(policy).not.toContain("'unsafe-eval'")
  })

  it('apply to the Zoom page only', () => {
    expect(isZoomPagePath('/widgets/zoom/')).toBe(true)
    expect(isZoomPagePath('/widgets/zoom/assets/index.js')).toBe(true)
    expect(isZoomPagePath('/widgets/zoomed.js')).toBe(false)
    expect(isZoomPagePath('/widgets/index.js')).toBe(false)
  })
})
