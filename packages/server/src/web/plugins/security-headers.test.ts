import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { securityHeadersPlugin } from './security-headers.ts'

describe('security headers', () => {
  it("sets Helmet's headers with the policy given on every answer, and lets a route set its own", async () => {
    const app = Fastify()
    await app.register(securityHeadersPlugin, {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'self'"] } },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    })
    app.get('/plain', async () => ({ ok: true }))
    app.get('/own', async (_request, reply) => {
      reply.header('content-security-policy', "default-src 'none'")
      return 'own'
    })
    app.get('/fails', async () => {
      throw new Error('boom')
    })
    try {
      for (const url of ['/plain', '/fails', '/missing']) {
        const res = await app.inject({ method: 'GET', url })
        // Helmet's defaults, with the directives given over them.
        const csp = String(res.headers['content-security-policy']).split(';')
        expect(csp, url).toContain("default-src 'self'")
        expect(csp, url).toContain("frame-ancestors 'self'")
        expect(csp, url).toContain("object-src 'none'")
        expect(res.headers['x-content-type-options'], url).toBe('nosniff')
        expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin')
        expect(res.headers['x-powered-by'], url).toBeUndefined()
      }
      const own = await app.inject({ method: 'GET', url: '/own' })
      expect(own.headers['content-security-policy']).toBe("default-src 'none'")
    } finally {
      await app.close()
    }
  })

  it('sends a page’s files only the headers that act on them', async () => {
    const app = Fastify()
    await app.register(securityHeadersPlugin, {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      hsts: { maxAge: 600 },
      assetsPrefix: '/assets/',
    })
    app.get('/assets/app-1.js', async (_request, reply) => reply.type('text/javascript').send('0'))
    app.get('/page', async (_request, reply) => reply.type('text/html').send('<p>page</p>'))
    try {
      const file = await app.inject({ method: 'GET', url: '/assets/app-1.js' })
      expect(file.headers['x-content-type-options']).toBe('nosniff')
      expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin')
      expect(file.headers['strict-transport-security']).toBe('max-age=600; includeSubDomains')
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
      ])
        expect(file.headers[name], name).toBeUndefined()
      // A page keeps all of them.
      const page = await app.inject({ method: 'GET', url: '/page' })
      expect(page.headers['content-security-policy']).toContain("default-src 'self'")
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN')
    } finally {
      await app.close()
    }
  })

  it('sends API answers the headers that act on data, and lets a route set its own', async () => {
    const app = Fastify()
    await app.register(securityHeadersPlugin, {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameSrc: ['https://video.example'] } },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      hsts: { maxAge: 600 },
      apiPrefix: '/api/',
    })
    app.get('/api/things', async () => ({ ok: true }))
    app.get('/api/file', async (_request, reply) => {
      reply.header('content-security-policy', "default-src 'none'; sandbox")
      return 'file'
    })
    app.get('/page', async (_request, reply) => reply.type('text/html').send('<p>page</p>'))
    try {
      for (const url of ['/api/things', '/api/missing']) {
        const res = await app.inject({ method: 'GET', url })
        expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'self'")
        expect(res.headers['x-content-type-options'], url).toBe('nosniff')
        expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN')
        expect(res.headers['referrer-policy'], url).toBe('no-referrer')
        expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin')
        expect(res.headers['strict-transport-security'], url).toBe('max-age=600; includeSubDomains')
        for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control'])
          expect(res.headers[name], `${url} ${name}`).toBeUndefined()
      }
      const file = await app.inject({ method: 'GET', url: '/api/file' })
      expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
      // A page keeps the site's policy.
      const page = await app.inject({ method: 'GET', url: '/page' })
      expect(page.headers['content-security-policy']).toContain('frame-src https://video.example')
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin')
    } finally {
      await app.close()
    }
  })
})
