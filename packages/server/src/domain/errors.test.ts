import { describe, expect, it } from 'vitest'
import { asHttpError, STATUS_OF } from '../web/plugins/errors.ts'
import {
  conflict,
  type DomainError,
  type DomainErrorKind,
  forbidden,
  invalid,
  notFound,
  refused,
  unavailable,
} from './errors.ts'

describe('domain errors', () => {
  it('each kind has its status in the one HTTP map, and the answer keeps the code, the message and the fields', () => {
    const made: [DomainError, DomainErrorKind, number][] = [
      [invalid('rating_link_invalid', 'errors.ratingLinkInvalid'), 'invalid', 400],
      [forbidden('errors.ratingLinkInvalid', 'rating_token_invalid'), 'forbidden', 403],
      [notFound('errors.slotNotFound'), 'not_found', 404],
      [conflict('booking_limit_reached', 'errors.bookingLimitTotal', { max: 3 }), 'conflict', 409],
      [
        refused('reason_required', 'errors.validationFailed', { reason: 'errors.fieldRequired' }),
        'refused',
        422,
      ],
      [unavailable('meeting_service_unavailable', 'errors.serviceUnavailable'), 'unavailable', 503],
    ]
    for (const [error, kind, status] of made) {
      expect(error.kind).toBe(kind)
      expect(STATUS_OF[kind]).toBe(status)
      const answer = asHttpError(error)
      expect(answer).toMatchObject({ status, code: error.code, key: error.key })
      expect(answer.values).toEqual(error.values)
      expect(answer.fields).toEqual(error.fields)
    }
    expect(Object.keys(STATUS_OF).sort()).toEqual(made.map(([, kind]) => kind).sort())
  })
})
