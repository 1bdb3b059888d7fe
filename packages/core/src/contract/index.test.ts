import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  CONTRIBUTOR_KINDS,
  REQUEST_STATES,
  type CommunicationWayId as RulesCommunicationWayId,
  type ContributorKind as RulesContributorKind,
  type RequestState as RulesRequestState,
  type SessionState as RulesSessionState,
  type SubjectType as RulesSubjectType,
  type UserRole as RulesUserRole,
  SESSION_STATES,
  SUBJECT_TYPES,
} from '../rules/index.ts'
import {
  type CommunicationWayId,
  CommunicationWaySchema,
  type ContributorKind,
  ContributorKindSchema,
  calls,
  type RequestState,
  RequestStateSchema,
  type SessionState,
  SessionStateSchema,
  type SubjectType,
  SubjectTypeSchema,
  type UserRole,
  UserRoleSchema,
} from './index.ts'

/** The values a union of literals allows. */
function literals(schema: { anyOf: readonly { const: unknown }[] }): unknown[] {
  return schema.anyOf.map((member) => member.const)
}

describe('the contract', () => {
  it("allows exactly the rules' states, kinds, subject types, ways and roles", () => {
    expect(literals(SessionStateSchema)).toEqual([...SESSION_STATES])
    expect(literals(RequestStateSchema)).toEqual([...REQUEST_STATES])
    expect(literals(ContributorKindSchema)).toEqual([...CONTRIBUTOR_KINDS])
    expect(literals(SubjectTypeSchema).sort()).toEqual(Object.values(SUBJECT_TYPES).sort())
    expect(literals(CommunicationWaySchema)).toEqual([0, 1])
    expect(literals(UserRoleSchema)).toEqual(['sme', 'contributor'])
    expectTypeOf<SessionState>().toEqualTypeOf<RulesSessionState>()
    expectTypeOf<RequestState>().toEqualTypeOf<RulesRequestState>()
    expectTypeOf<ContributorKind>().toEqualTypeOf<RulesContributorKind>()
    expectTypeOf<SubjectType>().toEqualTypeOf<RulesSubjectType>()
    expectTypeOf<CommunicationWayId>().toEqualTypeOf<RulesCommunicationWayId>()
    expectTypeOf<UserRole>().toEqualTypeOf<RulesUserRole>()
  })

  it('names each call once, by method and path', () => {
    const routes = Object.values(calls).map((call) => `${call.method} ${call.path}`)
    expect(new Set(routes).size).toBe(routes.length)
  })
})
