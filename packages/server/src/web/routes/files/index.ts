/**
 * Files the API serves: generated avatars (and, in part 2, uploads). An avatar is a
 * person's initials on a colour picked from a fixed palette by their id.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { COLORS, initialsOf } from '@mashura/core'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance } from 'fastify'
import { contributorName, personNameIfAny } from '../../../db/queries/people.ts'
import { notFound } from '../../http/errors.ts'
import { ErrorBody } from '../../http/schema.ts'
import { callRoute } from '../call-route.ts'

/**
 * Backgrounds, the brand colours first. Each keeps white initials readable: at
 * least 3:1, the WCAG level for large text (the initials are 44px of 128, bold: small enough that two wide Arabic
 * letters such as «ع ش» stay inside the circle the pages clip the picture to; issue 31).
 */
export const AVATAR_PALETTE = [
  COLORS.primary,
  COLORS.secondary,
  '#1f6f8b',
  '#5b3f8c',
  '#0f766e',
  '#9a3412',
  '#1e40af',
  '#9d174d',
  '#3f6212',
  '#475569',
] as const

/** Whose avatar: `c` a contributor, `p` a person. */
export type AvatarKind = 'c' | 'p'

/** The palette colour of an id: spread by a multiplicative hash so neighbouring ids differ. */
export function avatarColor(kind: AvatarKind, id: number): string {
  const hash = (Math.imul(id, 2654435761) ^ (kind === 'c' ? 0x5bd1e995 : 0)) >>> 0
  return AVATAR_PALETTE[hash % AVATAR_PALETTE.length]!
}

/** An Arabic letter: initials that hold one are drawn right to left. */
const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/

/** Escapes text for SVG/XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Removes characters XML 1.0 does not allow, and bidi controls that could reorder the title. */
function xmlSafe(text: string): string {
  return text.replace(
    /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]|[\u202A-\u202E\u2066-\u2069]/gu,
    '',
  )
}

/** The avatar of a person: a 128×128 SVG with their initials, and their name as its accessible title. */
export function avatarSvg(kind: AvatarKind, id: number, name: string): string {
  const initials = initialsOf(name)
  const rtl = ARABIC_LETTER.test(initials)
  const title = escapeXml(xmlSafe(name))
  const background = avatarColor(kind, id)
  // A head-and-shoulders outline stands in for a name with no letters.
  const face = initials
    ? `<text x="64" y="64" dy="0.35em" text-anchor="middle" direction="${rtl ? 'rtl' : 'ltr'}" unicode-bidi="embed" font-family="'IBM Plex Sans Arabic', 'Noto Sans Arabic', Tahoma, Arial, sans-serif" font-size="44" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>`
    : '<g fill="#ffffff"><circle cx="64" cy="50" r="22"/><path d="M24 112c4-24 20-36 40-36s36 12 40 36z"/></g>'
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${title}" xml:lang="${rtl ? 'ar' : 'en'}">`,
    `<title>${title}</title>`,
    `<rect width="128" height="128" fill="${background}"/>`,
    face,
    '</svg>',
  ].join('')
}

// ------------------------------------------------------------------------------------------ routes

/** `c-{contributorId}.svg` or `p-{personId}.svg`; ids are positive 32-bit integers. */
const AVATAR_NAME = /^([cp])-([1-9][0-9]{0,9})\.svg$/
const MAX_ID = 2_147_483_647

/** Headers of every avatar: cacheable for a day, never sniffed, and the SVG can run nothing. */
const AVATAR_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'cache-control': 'public, max-age=86400',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
} as const

/** The files routes, as an encapsulated plugin under `/api`. */
export async function filesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store

  app.route({
    ...callRoute(calls.getAvatar, {
      tags: ['files'],
      summary: "A generated avatar: the person's initials on a colour of their own.",
      description:
        '`c-{contributorId}.svg` for a contributor, `p-{personId}.svg` for a person. Other names and unknown ids are 404. ' +
        'No API key: an `<img>` cannot send one.',
      security: [],
      ownErrors: { 404: ErrorBody },
    }),
    handler: async (request, reply) => {
      const match = AVATAR_NAME.exec(request.params.name)
      const id = Number(match?.[2])
      if (!match || id > MAX_ID) throw notFound()
      const kind = match[1] as AvatarKind
      const row = kind === 'c' ? await contributorName(db, id) : await personNameIfAny(db, id)
      if (!row) throw notFound()
      return reply.headers(AVATAR_HEADERS).send(avatarSvg(kind, id, row.full_name))
    },
  })
}
