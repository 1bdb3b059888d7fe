/**
 * The back office's experts (issue 33). Changes are the admin's (`access: 'admin'`), reads of reports and
 * the audit trail the analyst's too (`access: 'analyst'`); every change records itself in the audit trail
 * (`domain/audit.ts`) in its own transaction. The experts and their invitations are the admin's alone: they
 * hold people's addresses and the admin's own settings, and an analyst needs none of it.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance } from 'fastify'
import { releaseZoomMeeting } from '../../../adapters/zoom/meetings.ts'
import { invitationsPage } from '../../../db/queries/admin-experts.ts'
import {
  adminActor,
  deactivateExpert,
  type ExpertChangeDeps,
  type NewExpertFields,
  promotePerson,
  reactivateExpert,
  searchAdminExperts,
  updateExpert,
} from '../../../domain/admin-experts.ts'
import { notFound } from '../../../domain/errors.ts'
import { INVITATION_TTL_MS, inviteExpert, revokeInvitation } from '../../../domain/expert-onboarding.ts'
import { adminExpertOut, adminExpertsOut, invitationsOut } from '../../../wire/admin-experts.ts'
import { DEFAULT_PER_PAGE, pageMeta } from '../../http/schema.ts'
import { requireAdmin } from '../../plugins/auth.ts'
import { callRoutes } from '../call-route.ts'

const route = callRoutes({ tags: ['admin'], access: 'admin' })

/** The expert fields of an invitation's or a promotion's body (the rest of the body is who). */
function newExpertFields<T extends NewExpertFields>(body: T): NewExpertFields {
  const {
    email: _email,
    full_name: _name,
    person_id: _id,
    ...fields
  } = body as T & {
    email?: unknown
    full_name?: unknown
    person_id?: unknown
  }
  return fields
}

/** Registers the calls, as an encapsulated plugin under `/api`. */
export async function adminExpertRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const { publicUrl } = app.config
  const deps: ExpertChangeDeps = {
    db,
    bus: app.bus,
    push: app.push,
    catalogueCache: app.catalogueCache,
    publicUrl,
    log: app.log,
  }

  async function expertAnswer(id: number) {
    const expert = await adminExpertOut(db, id, { publicUrl })
    if (!expert) throw notFound('errors.contributorNotFound')
    return expert
  }

  app.route({
    ...route(calls.adminListExperts, {
      summary: 'Lists experts for the back office, newest first, by text, kind, center, subject and state.',
      description:
        'Deactivated experts are listed too (`active=false` lists only them). `q` matches part of the name, the e-mail address or a title, case-insensitively.',
    }),
    handler: async (request) => {
      const { page = 1, per_page: perPage = DEFAULT_PER_PAGE, ...filter } = request.query
      const { ids, total } = await searchAdminExperts(db, filter, { page, perPage })
      return { data: await adminExpertsOut(db, ids, { publicUrl }), meta: pageMeta(page, perPage, total) }
    },
  })

  app.route({
    ...route(calls.adminGetExpert, {
      summary: 'One expert, active or not, with every field the back office edits.',
    }),
    handler: async (request) => ({ data: await expertAnswer(request.params.id) }),
  })

  app.route({
    ...route(calls.adminUpdateExpert, {
      summary:
        "Changes an expert's fields, the admin's flags and their Zoom user: those given, the others kept.",
      description:
        'The name and the e-mail address are the sign-in provider’s (refreshed at each sign-in), not edited here. `subject_ids` replaces the subjects. 422 for an unknown center or subject. The audit entry `expert.update` holds the changed fields before and after.',
    }),
    handler: async (request) => {
      const auth = requireAdmin(request)
      await updateExpert(deps, await adminActor(db, auth.personId), request.params.id, request.body)
      return { data: await expertAnswer(request.params.id) }
    },
  })

  app.route({
    ...route(calls.adminDeactivateExpert, {
      summary: 'Deactivates an expert: gone from the lists, search, profiles and booking at once.',
      description:
        'With `cancel_sessions`, every future booked session is cancelled and every waiting request declined, with `reason` (required then), and each business owner is notified and mailed. Without it their sessions stay. 409 `expert_already_inactive`.',
    }),
    handler: async (request) => {
      const auth = requireAdmin(request)
      const { cancel_sessions, reason, cancel_reason_id } = request.body
      const cancelled = await deactivateExpert(deps, await adminActor(db, auth.personId), request.params.id, {
        cancelSessions: cancel_sessions,
        reason,
        cancelReasonId: cancel_reason_id,
      })
      // A cancelled session's Zoom meeting goes with it (no one can join it).
      for (const row of cancelled) await releaseZoomMeeting(app, row).catch(() => undefined)
      return {
        data: {
          expert: await expertAnswer(request.params.id),
          cancelled_session_ids: cancelled.map((row) => row.id),
        },
      }
    },
  })

  app.route({
    ...route(calls.adminReactivateExpert, {
      summary: 'Reactivates a deactivated expert: back in search and booking. 409 `expert_already_active`.',
    }),
    handler: async (request) => {
      const auth = requireAdmin(request)
      await reactivateExpert(deps, await adminActor(db, auth.personId), request.params.id)
      return { data: await expertAnswer(request.params.id) }
    },
  })

  app.route({
    ...route(calls.adminPromotePerson, {
      summary: 'Makes a person who has signed in before an expert at once, found by e-mail address or id.',
      description:
        '404 when no one has the address, 409 `person_ambiguous` when several people share it (give `person_id`), 409 `already_expert` when they are one. Someone who has never signed in is invited instead (`POST /admin/expert-invitations`).',
    }),
    handler: async (request, reply) => {
      const auth = requireAdmin(request)
      const id = await promotePerson(
        deps,
        await adminActor(db, auth.personId),
        { email: request.body.email, personId: request.body.person_id },
        newExpertFields(request.body),
      )
      reply.code(201)
      return { data: await expertAnswer(id) }
    },
  })

  app.route({
    ...route(calls.adminInviteExpert, {
      summary:
        'Invites an e-mail address to become an expert with the fields set here; mails a one-time link.',
      description: `The mail (Arabic, then English) links to the site's \`/expert-invitation?token=…\`; the link works for ${INVITATION_TTL_MS / 86_400_000} days. The first sign-in through the provider with this address, verified by the provider, makes that person the expert. Inviting an address again replaces its open invitation (a new link). 409 \`already_expert\` when someone with the address is an expert.`,
    }),
    handler: async (request, reply) => {
      const auth = requireAdmin(request)
      const row = await inviteExpert(deps, await adminActor(db, auth.personId), {
        email: request.body.email,
        fullName: request.body.full_name,
        fields: newExpertFields(request.body),
      })
      reply.code(201)
      const [out] = await invitationsOut(db, [row])
      return { data: out! }
    },
  })

  app.route({
    ...route(calls.adminListInvitations, {
      summary: 'Lists the invitations, newest first, optionally in one state and by address or name.',
    }),
    handler: async (request) => {
      const { page = 1, per_page: perPage = DEFAULT_PER_PAGE, state, q } = request.query
      const now = new Date()
      const { rows, total } = await invitationsPage(db, { state, q }, now.toISOString(), {
        limit: perPage,
        offset: (page - 1) * perPage,
      })
      return { data: await invitationsOut(db, rows, now), meta: pageMeta(page, perPage, total) }
    },
  })

  app.route({
    ...route(calls.adminRevokeInvitation, {
      summary: 'Revokes an invitation that is not accepted: its link no longer makes an expert.',
      description: '409 `invitation_closed` when it was accepted or revoked already.',
    }),
    handler: async (request) => {
      const auth = requireAdmin(request)
      const row = await revokeInvitation(deps, await adminActor(db, auth.personId), request.params.id)
      const [out] = await invitationsOut(db, [row])
      return { data: out! }
    },
  })
}
