/**
 * Who may call the back office (issue 33), for every back-office operation of the OpenAPI document (read from
 * the app, so a new call is covered without editing this file): a visitor gets 401, a business owner and an
 * expert 403, an analyst 403 except on the reports and the audit trail, and an admin gets past the check (the
 * answer is then the call's own: 200, 400 for the empty body, 404 for the made-up id…). The check runs before
 * the body is read, so an empty body is enough.
 */
import { beforeAll, expect, it } from 'vitest'
import { eachDatabase, type TestPerson, useTestContext } from '../../../test-support/context.ts'

type Actor = 'visitor' | 'sme' | 'contributor' | 'analyst' | 'admin'

interface Operation {
  method: string
  path: string
  tags: string[]
}

/** The calls an analyst may make: the reports and the audit trail, read-only. */
const ANALYST_READS = /^\/admin\/(reports|audit)/

eachDatabase('back-office access', (dialect) => {
  const ctx = useTestContext(dialect)
  const people = {} as Record<Exclude<Actor, 'visitor'>, TestPerson>
  let operations: Operation[] = []

  beforeAll(async () => {
    people.sme = await ctx.person()
    people.contributor = await ctx.person({ contributor: { kind: 'consultant' } })
    people.analyst = await ctx.person({ backOffice: 'analyst' })
    people.admin = await ctx.person({ backOffice: 'admin' })
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>
    }
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        tags: op.tags ?? [],
      })),
    )
  })

  function call(op: Operation, actor: Actor) {
    // Every path parameter gets an id that exists for nobody.
    const url = `/api${op.path.replace(/\{[^}]+\}/g, '999999')}`
    return ctx.call({
      method: op.method as 'GET',
      url,
      token: actor === 'visitor' ? null : people[actor].token,
      ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
    })
  }

  it('puts every back-office call below /admin, tagged admin, and nothing else there', () => {
    const admin = operations.filter((op) => op.path.startsWith('/admin/'))
    expect(admin.length).toBeGreaterThan(0)
    expect(admin.filter((op) => !op.tags.includes('admin'))).toEqual([])
    expect(operations.filter((op) => op.tags.includes('admin') && !op.path.startsWith('/admin/'))).toEqual([])
  })

  it('answers 401 to visitors and 403 to business owners and experts on every back-office call', async () => {
    const wrong: string[] = []
    for (const op of operations.filter((o) => o.path.startsWith('/admin/'))) {
      for (const [actor, status] of [
        ['visitor', 401],
        ['sme', 403],
        ['contributor', 403],
      ] as const) {
        const res = await call(op, actor)
        if (res.statusCode !== status) wrong.push(`${op.method} ${op.path} as ${actor}: ${res.statusCode}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('lets an analyst read the reports and the audit trail, and nothing else; an admin everything', async () => {
    const wrong: string[] = []
    for (const op of operations.filter((o) => o.path.startsWith('/admin/'))) {
      const analystMay = op.method === 'GET' && ANALYST_READS.test(op.path)
      const analyst = await call(op, 'analyst')
      if ((analyst.statusCode === 403) === analystMay)
        wrong.push(`${op.method} ${op.path} as analyst: ${analyst.statusCode}`)
      const admin = await call(op, 'admin')
      if (admin.statusCode === 401 || admin.statusCode === 403 || admin.statusCode >= 500)
        wrong.push(`${op.method} ${op.path} as admin: ${admin.statusCode}`)
    }
    expect(wrong).toEqual([])
  })
})
