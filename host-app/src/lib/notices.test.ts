import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  $errorNotice,
  $snackbar,
  apiErrorText,
  ERROR_NOTICE_MS,
  errorMessageFromBody,
  hideErrorNotice,
  hideSnackbar,
  SNACKBAR_MS,
  showApiError,
  showErrorNotice,
  showSnackbar,
} from './notices.ts'

beforeEach(() => {
  hideSnackbar()
  hideErrorNotice()
})

afterEach(() => {
  vi.useRealTimers()
})

it('keeps the timings of spec section 9', () => {
  expect(SNACKBAR_MS).toBe(4000)
  expect(ERROR_NOTICE_MS).toBe(10_000)
})

describe('snackbar (spec 4, 9)', () => {
  it('hides itself after exactly 4000 ms', () => {
    vi.useFakeTimers()
    showSnackbar({ kind: 'success', text: 'تم الحفظ' })
    expect($snackbar.get()).toMatchObject({ kind: 'success', text: 'تم الحفظ' })
    vi.advanceTimersByTime(3999)
    expect($snackbar.get()).not.toBeNull()
    vi.advanceTimersByTime(1)
    expect($snackbar.get()).toBeNull()
  })

  it('restarts the timer when a newer message replaces the old one', () => {
    vi.useFakeTimers()
    showSnackbar({ kind: 'success', text: 'one' })
    vi.advanceTimersByTime(3000)
    showSnackbar({ kind: 'error', text: 'two' })
    vi.advanceTimersByTime(3000)
    expect($snackbar.get()?.text).toBe('two')
    vi.advanceTimersByTime(1000)
    expect($snackbar.get()).toBeNull()
  })
})

describe('error notice (spec 8)', () => {
  it('disappears after 10 seconds', () => {
    vi.useFakeTimers()
    showErrorNotice({ kind: 'error', text: 'x' })
    vi.advanceTimersByTime(9999)
    expect($errorNotice.get()?.text).toBe('x')
    vi.advanceTimersByTime(1)
    expect($errorNotice.get()).toBeNull()
  })

  it('shows an API error by its body message, its own message, or the generic key', () => {
    showApiError({ message: 'outer', body: { error: { message: 'الموعد محجوز' } } })
    expect($errorNotice.get()?.text).toBe('الموعد محجوز')
    showApiError(new Error('own'))
    expect($errorNotice.get()?.text).toBe('own')
    showApiError(null)
    expect($errorNotice.get()).toMatchObject({ key: 'common.error' })
  })
})

describe('error catalogue rules (spec 8)', () => {
  it('reads error.message, else a nested message', () => {
    expect(errorMessageFromBody({ error: { code: 'x', message: 'الموعد محجوز' } })).toBe('الموعد محجوز')
    expect(errorMessageFromBody({ message: 'top' })).toBe('top')
    expect(errorMessageFromBody({ error: 'plain' })).toBe('plain')
    expect(errorMessageFromBody({ data: { message: 'nested' } })).toBe('nested')
    expect(errorMessageFromBody({ errors: { detail: { message: 'deep' } } })).toBe('deep')
    expect(errorMessageFromBody('text body')).toBe('text body')
    expect(errorMessageFromBody({})).toBeNull()
    expect(errorMessageFromBody(null)).toBeNull()
    expect(errorMessageFromBody({ error: { message: '' } })).toBeNull()
  })

  it("falls back to the error's own message, else to nothing", () => {
    expect(apiErrorText({ message: 'outer', body: { message: 'inner' } })).toBe('inner')
    expect(apiErrorText({ message: 'outer', body: {} })).toBe('outer')
    expect(apiErrorText({ message: '' })).toBeNull()
    expect(apiErrorText(undefined)).toBeNull()
  })
})
