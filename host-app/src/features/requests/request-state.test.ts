import { catalogs, LANGUAGES, type RequestState } from '@mashura/core'
import { describe, expect, it } from 'vitest'
import { requestStateIcon, requestStateLabelKey } from './request-state.ts'

const STATES: readonly RequestState[] = ['waiting', 'accepted', 'rejected', 'expired']

describe('request state labels and icons (spec 4, 9)', () => {
  it('names every request state, with a label in both catalogs', () => {
    expect(requestStateLabelKey('waiting')).toBe('requests.status.waiting')
    for (const lang of LANGUAGES)
      for (const key of STATES.map(requestStateLabelKey)) expect(catalogs[lang][key], key).toBeTruthy()
  })

  it('gives each request state its status icon', () => {
    expect(STATES.map(requestStateIcon)).toEqual(['pending', 'accepted', 'rejected', 'expired'])
  })
})
