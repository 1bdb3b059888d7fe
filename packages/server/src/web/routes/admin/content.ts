/**
 * The back office's content (issue 33): settings and the terms' versions, the FAQ and its order, subjects,
 * centers, offices and cancel reasons, each in both languages. Every call is the admin's (`access: 'admin'`);
 * every change records itself in the audit trail (`domain/audit.ts`) in its own transaction and bumps the
 * catalogue cache once committed, so the public pages show it at once.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as content from '../../../domain/admin-content.ts'
import { adminActor } from '../../../domain/admin-experts.ts'
import { requireAdmin } from '../../plugins/auth.ts'
import { callRoutes } from '../call-route.ts'

const route = callRoutes({ tags: ['admin'], access: 'admin' })

const IN_USE = '409 `in_use` when records still name it'

/** Registers the calls, as an encapsulated plugin under `/api`. */
export async function adminContentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const deps: content.ContentDeps = { db, catalogueCache: app.catalogueCache }

  /** The admin making the change, as the audit trail names them. */
  const actor = (request: FastifyRequest) => adminActor(db, requireAdmin(request).personId)

  // ------------------------------------------------------------------------------------------- settings

  app.route({
    ...route(calls.adminGetSettings, {
      summary: 'The settings in both languages (about us, both terms, the mentor video, contact details).',
      description: "With each terms' published version; the public reads answer in the request's language.",
    }),
    handler: async () => ({ data: await content.adminSettings(db) }),
  })

  app.route({
    ...route(calls.adminUpdateSettings, {
      summary: 'Changes the settings given; the others stay. The public pages show it at once.',
      description:
        'Editing the terms publishes no new version: `adminPublishTerms` does. Audit `settings.update`.',
    }),
    handler: async (request) => ({
      data: await content.updateSettings(deps, await actor(request), request.body),
    }),
  })

  app.route({
    ...route(calls.adminPublishTerms, {
      summary: "Publishes a new version of the business owners' or the experts' terms.",
      description:
        'The version number goes up by one and its time is kept; the public terms reads expose it, and people who accepted an older version are asked to accept again. Audit `terms.publish`.',
    }),
    handler: async (request) => ({
      data: await content.publishTerms(deps, await actor(request), request.params.audience),
    }),
  })

  // ------------------------------------------------------------------------------------------- FAQ

  app.route({
    ...route(calls.adminListFaqs, { summary: 'The FAQ in display order, both languages.' }),
    handler: async () => ({ data: await content.adminFaqs(db) }),
  })

  app.route({
    ...route(calls.adminCreateFaq, { summary: 'Adds a question at the end of the FAQ. Audit `faq.create`.' }),
    handler: async (request, reply) => {
      const data = await content.createFaq(deps, await actor(request), request.body)
      reply.code(201)
      return { data }
    },
  })

  app.route({
    ...route(calls.adminReorderFaqs, {
      summary: 'Puts the FAQ in a new order.',
      description:
        '`ids` lists every question once, in the new order; 400 `faq_order_mismatch` otherwise (someone added or deleted one meanwhile). Audit `faq.reorder`.',
    }),
    handler: async (request) => ({
      data: await content.reorderFaqs(deps, await actor(request), request.body.ids),
    }),
  })

  app.route({
    ...route(calls.adminUpdateFaq, { summary: "Changes a question's texts. Audit `faq.update`." }),
    handler: async (request) => ({
      data: await content.updateFaq(deps, await actor(request), request.params.id, request.body),
    }),
  })

  app.route({
    ...route(calls.adminDeleteFaq, { summary: 'Deletes a question. Audit `faq.delete`.' }),
    handler: async (request) => ({
      data: await content.deleteFaq(deps, await actor(request), request.params.id),
    }),
  })

  // ------------------------------------------------------------------------------------------- subjects

  app.route({
    ...route(calls.adminListSubjects, {
      summary:
        'Every subject (retired ones too), optionally of one kind, with the experts and sessions using it.',
    }),
    handler: async (request) => ({ data: await content.adminSubjects(db, request.query.type) }),
  })

  app.route({
    ...route(calls.adminCreateSubject, { summary: 'Adds a subject. Audit `subject.create`.' }),
    handler: async (request, reply) => {
      const data = await content.createSubject(deps, await actor(request), request.body)
      reply.code(201)
      return { data }
    },
  })

  app.route({
    ...route(calls.adminUpdateSubject, {
      summary:
        'Changes a subject, or retires it (`is_retired`: gone from the public lists, kept for history).',
      description: 'Audit `subject.update`.',
    }),
    handler: async (request) => ({
      data: await content.updateSubject(deps, await actor(request), request.params.id, request.body),
    }),
  })

  app.route({
    ...route(calls.adminDeleteSubject, {
      summary: 'Deletes a subject no expert covers and no session names.',
      description: `${IN_USE}: retire it instead. Audit \`subject.delete\`.`,
    }),
    handler: async (request) => ({
      data: await content.deleteSubject(deps, await actor(request), request.params.id),
    }),
  })

  // ------------------------------------------------------------------------------------------- centers

  app.route({
    ...route(calls.adminListCenters, { summary: 'Every center, with its experts and offices.' }),
    handler: async () => ({ data: await content.adminCenters(db) }),
  })

  app.route({
    ...route(calls.adminCreateCenter, { summary: 'Adds a center. Audit `center.create`.' }),
    handler: async (request, reply) => {
      const data = await content.createCenter(deps, await actor(request), request.body)
      reply.code(201)
      return { data }
    },
  })

  app.route({
    ...route(calls.adminUpdateCenter, { summary: 'Changes a center. Audit `center.update`.' }),
    handler: async (request) => ({
      data: await content.updateCenter(deps, await actor(request), request.params.id, request.body),
    }),
  })

  app.route({
    ...route(calls.adminDeleteCenter, {
      summary: 'Deletes a center without experts or offices.',
      description: `${IN_USE} (its experts or offices). Audit \`center.delete\`.`,
    }),
    handler: async (request) => ({
      data: await content.deleteCenter(deps, await actor(request), request.params.id),
    }),
  })

  // ------------------------------------------------------------------------------------------- offices

  app.route({
    ...route(calls.adminListOffices, {
      summary:
        "Every office (or one center's), with its address, map link and the slots and sessions using it.",
    }),
    handler: async (request) => ({
      data: await content.adminOffices(
        db,
        request.query.center === undefined ? {} : { center: request.query.center },
      ),
    }),
  })

  app.route({
    ...route(calls.adminCreateOffice, {
      summary: 'Adds an office to a center. 400 for an unknown center. Audit `office.create`.',
    }),
    handler: async (request, reply) => {
      const data = await content.createOffice(deps, await actor(request), request.body)
      reply.code(201)
      return { data }
    },
  })

  app.route({
    ...route(calls.adminUpdateOffice, { summary: 'Changes an office. Audit `office.update`.' }),
    handler: async (request) => ({
      data: await content.updateOffice(deps, await actor(request), request.params.id, request.body),
    }),
  })

  app.route({
    ...route(calls.adminDeleteOffice, {
      summary: 'Deletes an office no slot or session names.',
      description: `${IN_USE}. Audit \`office.delete\`.`,
    }),
    handler: async (request) => ({
      data: await content.deleteOffice(deps, await actor(request), request.params.id),
    }),
  })

  // ------------------------------------------------------------------------------------------- cancel reasons

  app.route({
    ...route(calls.adminListCancelReasons, {
      summary: 'Every cancel reason (retired ones too), with the sessions that name it.',
    }),
    handler: async () => ({ data: await content.adminCancelReasons(db) }),
  })

  app.route({
    ...route(calls.adminCreateCancelReason, {
      summary: 'Adds a cancel reason. Audit `cancel_reason.create`.',
    }),
    handler: async (request, reply) => {
      const data = await content.createCancelReason(deps, await actor(request), request.body)
      reply.code(201)
      return { data }
    },
  })

  app.route({
    ...route(calls.adminUpdateCancelReason, {
      summary: 'Changes a cancel reason, or retires it (`is_retired`: gone from the list, kept for history).',
      description: 'Audit `cancel_reason.update`.',
    }),
    handler: async (request) => ({
      data: await content.updateCancelReason(deps, await actor(request), request.params.id, request.body),
    }),
  })

  app.route({
    ...route(calls.adminDeleteCancelReason, {
      summary: 'Deletes a cancel reason no session names.',
      description: `${IN_USE}: retire it instead. Audit \`cancel_reason.delete\`.`,
    }),
    handler: async (request) => ({
      data: await content.deleteCancelReason(deps, await actor(request), request.params.id),
    }),
  })
}
