/**
 * The meeting lifecycle (spec section 7: nine calls): a contributor starts, extends and ends their
 * sessions, marks the business owner absent or cancels; both participants get the meeting signature.
 * Transitions follow core's SESSION_MOVES; any other is 409 invalid_state_transition and changes
 * nothing (see domain/lifecycle.ts).
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { MeetingData } from '@mashura/core'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { SignJWT } from 'jose'
import { hostZak, releaseZoomMeeting } from '../../../adapters/zoom/meetings.ts'
import { recommendationOfSession } from '../../../db/queries/recommendations.ts'
import { upcomingSessionByMeetingNumber } from '../../../db/queries/sessions.ts'
import { allCancelReasons } from '../../../db/queries/settings.ts'
import type { Row } from '../../../db/tables.ts'
import { hasSessionWith } from '../../../domain/access.ts'
import { runFollowUps } from '../../../domain/follow-ups.ts'
import {
  cancelSession,
  EXTENSION_MINUTES,
  endInstantSession,
  endSession,
  extendSession,
  markSmeAbsent,
  ownSession,
  startSession,
} from '../../../domain/lifecycle.ts'
import { contactFieldsOf, recordContactRead } from '../../../domain/my-data.ts'
import { createRatingLink } from '../../../domain/rating.ts'
import { sessionsOut } from '../../../wire/sessions.ts'
import { conflict, forbidden, notFound } from '../../http/errors.ts'
import { ErrorBody } from '../../http/schema.ts'
import { type Auth, requireAuth, requireContributor } from '../../plugins/auth.ts'
import { callRoutes } from '../call-route.ts'
import { smeProfileOut } from '../contributors/sme.ts'
import { viewerOptions } from '../viewer.ts'

/** How long a Zoom Meeting SDK signature is valid, in seconds (Zoom: at least 1800, at most 48 hours). */
export const SIGNATURE_TTL_SECONDS = 2 * 3600

/** Signs a Zoom Meeting SDK JWT (HS256) with the claims Zoom documents for the Meeting SDK. */
export async function zoomSignature(
  zoom: { sdkKey: string; sdkSecret: string },
  meetingNumber: string,
  role: 0 | 1,
  now: Date = new Date(),
): Promise<string> {
  // Zoom recommends backdating iat a little against clock skew.
  const iat = Math.floor(now.getTime() / 1000) - 30
  const exp = iat + SIGNATURE_TTL_SECONDS
  return new SignJWT({
    appKey: zoom.sdkKey,
    sdkKey: zoom.sdkKey,
    mn: meetingNumber,
    role,
    tokenExp: exp,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(zoom.sdkSecret))
}

const route = callRoutes({ tags: ['meeting'], access: 'signedIn' })

export async function meetingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const deps = app.followUps

  async function sessionOut(request: FastifyRequest, row: Row<'sessions'>) {
    const [session] = await sessionsOut(db, [row], viewerOptions(request, app.config.publicUrl))
    return { data: session! }
  }

  const transitionErrors = { 409: ErrorBody, 422: ErrorBody }
  const ownerOnly =
    "Only the session's own contributor (403 for a signed-in person without an expert identity or " +
    "for the session's business owner, 404 for anyone else). "

  /**
   * Recommendations written during a session make its rating link (and queue its mail) as soon as it ends;
   * in development the link is printed, as the recommendations route prints the links it makes.
   */
  async function rateIfRecommended(sessionId: number): Promise<void> {
    const written = await recommendationOfSession(db, sessionId)
    if (!written) return
    const link = await createRatingLink(db, { sessionId, publicUrl: app.config.publicUrl })
    if (link && app.config.development)
      console.log(`Rating link for session ${sessionId} (${link.to}): ${link.url}`)
  }

  /**
   * Answers a move of the caller's own session: `move` makes it as the caller's expert identity, `tell`
   * tells the people concerned (the session-changed event alone by default), and the session is the answer.
   */
  async function transition(
    request: FastifyRequest,
    move: (who: Auth & { contributorId: number }) => Promise<Row<'sessions'>>,
    tell: (row: Row<'sessions'>) => Promise<unknown> = (row) => runFollowUps(deps, [row.id]),
  ) {
    const row = await move(requireContributor(request))
    await tell(row)
    return sessionOut(request, row)
  }

  /** Tells of an ended session, and makes its rating link when its recommendations are written. */
  async function tellEnded(row: Row<'sessions'>): Promise<void> {
    await runFollowUps(deps, [row.id])
    await rateIfRecommended(row.id)
  }

  app.route({
    ...route(calls.validateContributorMeeting, {
      summary: 'Starts a booked session on its day: booked → ongoing; answers the session.',
      description: `${ownerOnly}The session must fall on today's Asia/Riyadh day (422 session_not_today otherwise); any state but booked is 409.`,
      errors: transitionErrors,
    }),
    handler: async (request) => transition(request, (who) => startSession(db, request.params.id, who)),
  })

  app.route({
    ...route(calls.endSession, {
      summary: 'Ends an ongoing session: ongoing → ended.',
      description: `${ownerOnly}Ending before the scheduled end needs force_end true (422 force_end_required otherwise); end_reason is kept. end_from is 1 from the web dashboard and is not stored.`,
      errors: transitionErrors,
    }),
    handler: async (request) =>
      transition(
        request,
        (who) =>
          endSession(db, request.params.id, who, {
            forceEnd: request.body.force_end ?? false,
            endReason: request.body.end_reason ?? null,
          }),
        tellEnded,
      ),
  })

  app.route({
    ...route(calls.extendSession, {
      summary: `Extends an ongoing session's end by ${EXTENSION_MINUTES} minutes.`,
      description: `${ownerOnly}Only an ongoing session (409 otherwise). Each call adds ${EXTENSION_MINUTES} minutes to \`end\`; of two concurrent calls one wins and the other is 409. A GET that changes state, as the platform's client calls it.`,
      errors: transitionErrors,
    }),
    handler: async (request) => transition(request, (who) => extendSession(db, request.params.id, who)),
  })

  app.route({
    ...route(calls.endInstantSession, {
      summary: 'Ends an ongoing instant session: ongoing → ended.',
      description: `${ownerOnly}A session that is not instant, or not ongoing, is 409.`,
      errors: transitionErrors,
    }),
    // An instant session is rated as a booked one is (issue 17: it used to get no link).
    handler: async (request) =>
      transition(request, (who) => endInstantSession(db, request.params.id, who), tellEnded),
  })

  app.route({
    ...route(calls.markSmeAbsent, {
      summary: 'Marks the business owner absent: booked or ongoing → sme_absent.',
      description: `${ownerOnly}Not before the session starts (422 session_not_started). The business owner is notified.`,
      errors: transitionErrors,
    }),
    handler: async (request) => transition(request, (who) => markSmeAbsent(db, request.params.id, who)),
  })

  app.route({
    ...route(calls.getCancelReasons, {
      summary: 'The reasons a contributor may give for cancelling a session.',
    }),
    handler: async (request) => {
      const rows = await allCancelReasons(db)
      return {
        data: rows.map((r) => ({
          id: r.id,
          name: request.lang === 'en' ? r.label_en : r.label_ar,
          requires_details: r.requires_details === 1,
        })),
      }
    },
  })

  app.route({
    ...route(calls.cancelSession, {
      summary: 'Cancels a booked session with a reason: booked → cancelled; frees the slot.',
      description: `${ownerOnly}cancel_reason_id comes from GET /schedule/cancel/reasons (422 for an unknown one); a reason that requires details needs \`reason\` (422). Only a booked session (409 otherwise). The business owner is notified.`,
      errors: transitionErrors,
    }),
    handler: async (request) =>
      transition(request, async (who) => {
        const row = await cancelSession(db, request.params.id, who, {
          reasonId: request.body.cancel_reason_id,
          details: request.body.reason ?? null,
        })
        // Its Zoom meeting goes with it (no one can join a cancelled session's meeting).
        await releaseZoomMeeting(app, row)
        return row
      }),
  })

  app.route({
    ...route(calls.getSessionSme, {
      summary: "The profile of a session's business owner, for the session's contributor.",
      description:
        ownerOnly +
        '`email` and `mobile` are null unless the contributor has a booked, ongoing, ended or SME-absent ' +
        'session with her (a cancelled one is not enough).',
    }),
    handler: async (request) => {
      const auth = requireContributor(request)
      const row = await ownSession(db, request.params.id, auth)
      // A cancelled session alone no longer gives her contact details (domain/access.ts).
      const contact = await hasSessionWith(db, auth.contributorId, row.sme_id)
      const profile = await smeProfileOut(db, row.sme_id, { contact, publicUrl: app.config.publicUrl })
      if (!profile) throw notFound('errors.sessionNotFound')
      // Her contact details read by the expert: she sees it in "My data" (issue 34).
      await recordContactRead(db, {
        readerPersonId: auth.personId,
        readerRole: 'expert',
        subjectPersonId: row.sme_id,
        fields: contactFieldsOf(profile),
        via: 'getSessionSme',
        sessionId: row.id,
      })
      return { data: profile }
    },
  })

  app.route({
    ...route(calls.getMeetingSignature, {
      summary: "A Zoom Meeting SDK signature for a session's meeting, to its two participants.",
      description:
        "The session (booked or ongoing) whose meeting number this is must be the caller's, as its " +
        'contributor or business owner (404 otherwise); role 1 (host) is for the contributor only (403). ' +
        "The host's answer (role 1) carries the ZAK of the Zoom user the meeting was made for " +
        '(meeting.zak_token), with which the Meeting SDK starts it. ' +
        'The signature is an HS256 JWT with appKey, sdkKey, mn, role, iat, exp and tokenExp, valid ' +
        `${SIGNATURE_TTL_SECONDS / 3600} hours. Without Zoom configured, or for a session on the built-in ` +
        'WebRTC meeting, the answer is 409 meeting_not_zoom: the client joins the WebRTC room named by ' +
        "the session's meeting.personal_id, and needs no signature.",
      errors: { 409: ErrorBody },
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const role = request.params.role as 0 | 1
      const row = await upcomingSessionByMeetingNumber(db, request.params.meetingNumber, auth)
      if (!row) throw notFound('errors.sessionNotFound')
      if (role === 1 && row.contributor_id !== auth.contributorId) throw forbidden()
      const zoom = app.config.zoom
      if (!zoom || !app.zoomApi || row.meeting_provider !== 'zoom' || !row.meeting_number)
        throw conflict('meeting_not_zoom', 'errors.meetingUnavailable')
      const signature = await zoomSignature(zoom, row.meeting_number, role)
      const meeting: MeetingData = {
        provider: 'zoom',
        // The host starts the meeting with the ZAK of the Zoom user it was made under (the expert's or a pool host).
        zak_token: role === 1 ? await hostZak(app, row.zoom_host) : null,
        personal_id: row.meeting_number,
        meeting_password: row.meeting_password,
        email: null,
        signature,
      }
      return { data: { signature, sdk_key: zoom.sdkKey, meeting } }
    },
  })
}
