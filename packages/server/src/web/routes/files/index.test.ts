import { beforeAll, describe, expect, it } from 'vitest'
import { eachDatabase, useTestContext } from '../../../test-support/context.ts'
import { AVATAR_PALETTE, avatarColor, avatarSvg, escapeXml } from './index.ts'

/** WCAG contrast of a colour against white. */
function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
  return 1.05 / (l + 0.05)
}

describe('avatar drawing', () => {
  // The initials are core's `initialsOf` (packages/core/src/text/index.test.ts holds its cases).
  it('picks a palette colour from the id, the same every time', () => {
    expect(AVATAR_PALETTE.slice(0, 2)).toEqual(['#3084b2', '#2d1a47'])
    expect(avatarColor('c', 7)).toBe(avatarColor('c', 7))
    const used = new Set(Array.from({ length: 50 }, (_, i) => avatarColor('p', i + 1)))
    expect(used.size).toBeGreaterThan(5)
    for (const colour of used) expect(AVATAR_PALETTE).toContain(colour)
    // White initials stay readable at large-text size on every background.
    for (const colour of AVATAR_PALETTE) expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(3)
  })

  it('escapes the name and sets the text direction from the script', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;')
    const ar = avatarSvg('c', 1, 'د. فيصل بن عبدالله الحربي')
    expect(ar).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(ar).toContain('direction="rtl"')
    expect(ar).toContain('xml:lang="ar"')
    expect(ar).toContain('>ف ح</text>')
    const en = avatarSvg('p', 2, 'Sarah Al-Otaibi')
    expect(en).toContain('direction="ltr"')
    // No letters: a silhouette instead of empty text.
    expect(avatarSvg('p', 3, '؟؟')).toContain('<circle')
  })
})

eachDatabase('GET /files/avatars/:name', (dialect) => {
  const ctx = useTestContext(dialect)
  const ids = { contributor: 0, contributorPerson: 0, person: 0, hostile: 0 }

  beforeAll(async () => {
    const expert = await ctx.person({
      name: 'د. فيصل بن عبدالله الحربي',
      contributor: { kind: 'consultant' },
    })
    ids.contributor = expert.contributorId!
    ids.contributorPerson = expert.personId
    ids.person = (await ctx.person({ name: 'نورة بنت سعد القحطاني' })).personId
    ids.hostile = (await ctx.person({ name: `Eve <script>alert("x")</script> & 'co' \u202E` })).personId
  })

  // The route is meant to be keyless (for <img>); until api-key.ts lists it, tests send the key.
  const get = (name: string) => ctx.get(`/api/files/avatars/${name}`)

  it("draws a contributor's initials as an SVG with safe, cacheable headers", async () => {
    const res = await get(`c-${ids.contributor}.svg`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml(;|$)/)
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'")
    expect(res.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(res.body).toContain('<title>د. فيصل بن عبدالله الحربي</title>')
    expect(res.body).toContain('>ف ح</text>')
    expect(res.body).toContain(`fill="${avatarColor('c', ids.contributor)}"`)
    expect(res.body).not.toMatch(/<script|on\w+=|href=/i)
  })

  it("draws a person's avatar by person id", async () => {
    const res = await get(`p-${ids.person}.svg`)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('>ن ق</text>')
    expect(res.body).toContain(`fill="${avatarColor('p', ids.person)}"`)
    // The same person as a contributor and as a person: same name, own colour source.
    expect((await get(`p-${ids.contributorPerson}.svg`)).body).toContain(
      '<title>د. فيصل بن عبدالله الحربي</title>',
    )
  })

  it('escapes a hostile name', async () => {
    const res = await get(`p-${ids.hostile}.svg`)
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('<script')
    expect(res.body).not.toContain('"x"')
    expect(res.body).not.toContain('\u202E')
    expect(res.body).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;co&#39;')
    expect(res.body).toContain('>EC</text>')
  })

  it('answers 404 for unknown ids and for names that are not avatars', async () => {
    const person = await ctx.person()
    for (const name of [
      'c-999999.svg',
      'p-999999.svg',
      // A person who is not a contributor has no contributor avatar.
      `c-${person.personId + 1000}.svg`,
      'c-0.svg',
      'c-01.svg',
      'c--1.svg',
      'c-1.png',
      'c-1.svg.bak',
      'x-1.svg',
      'C-1.svg',
      'c-1',
      'c-99999999999.svg',
      'c-2147483648.svg',
      '..%2F..%2Fpackage.json',
      '%3Csvg%3E.svg',
    ]) {
      const res = await get(name)
      expect(res.statusCode, name).toBe(404)
      expect(res.headers['content-type'], name).toMatch(/^application\/json/)
      expect(res.json().error.code, name).toMatch(/^(not_found|route_not_found)$/)
    }
  })

  it('answers in the request language when an avatar is missing', async () => {
    const res = await ctx.get('/api/files/avatars/c-999999.svg', null, 'en')
    expect(res.json().error).toEqual({ code: 'not_found', message: 'The requested item was not found.' })
  })
})
