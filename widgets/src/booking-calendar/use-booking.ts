import {
  bookSlot,
  type ContributorProfile,
  isApiError,
  type Slot,
  type Subject,
  type Translator,
} from '@mashura/core'
import { useEffect, useRef, useState } from 'react'
import type { BookingCreatedDetail, SignInRequiredDetail } from '../events.ts'
import { openSignInPopup } from '../shared/sign-in-popup.ts'
import type { SignedWidgetContext } from '../shared/widget-context.ts'
import { bookingOutcome } from './outcome.ts'
import type { BookingOutcome } from './success-dialog.tsx'
import { type Way, wayId, waysOf } from './ways.ts'

/** What {@link useBooking} needs from the calendar besides its context and translator. */
export interface UseBookingOptions {
  contributorId: number | undefined
  /** The subject attribute, if set. */
  subjectId: number | undefined
  /** The expert, once the schedule has loaded. */
  contributor: ContributorProfile | null
  /** The session's and the request's page as address templates (`{id}`) for the success modal's link, if any. */
  links: { sessionHref?: string | undefined; requestHref?: string | undefined }
  /** Reloads the schedule (after a booking, and after a failed one: the slot may be gone). */
  reload: () => void
  /** Called after a successful booking, before the success modal shows. */
  onBooked: () => void
  onBookingCreated?: ((detail: BookingCreatedDetail) => void) | undefined
  onSignInRequired?: ((detail: SignInRequiredDetail) => boolean) | undefined
}

/** The booking flow's state and actions, for the calendar and its dialogs. */
export interface BookingFlow {
  /** The slot in the confirmation dialog, or null. */
  confirming: Slot | null
  /** Whether booking sends a request the expert accepts or not (advisors), rather than booking outright. */
  request: boolean
  /** The ways the slot in the dialog allows. */
  ways: Way[]
  way: Way
  setWay: (way: Way) => void
  /** The subjects to choose from (empty unless the expert covers several and none was set). */
  subjectChoices: Subject[]
  subject: number | null
  setSubject: (id: number) => void
  busy: boolean
  /** The success modal's content, or null. */
  outcome: BookingOutcome | null
  /**
   * Why the booking in the dialog failed (the server's refusal, a slot that started), shown in the dialog
   * until it closes or the next try, or null. `retry` is false when trying again cannot help (a 4xx).
   */
  refusal: { message: string; retry: boolean; key: number } | null
  /** The latest error message for the error notice, or null. */
  notice: string | null
  /** Changes with every new notice, so the same text shows (and times out) again. */
  noticeKey: number
  /** An outcome for the live region (signed in), or null. */
  status: string | null
  /** Whether a popup sign-in is under way (the calendar offers to cancel it). */
  signingIn: boolean
  /** Stops waiting for the popup sign-in. */
  cancelSignIn: () => void
  /** Books `slot`: straight to confirmation with a token, else through sign-in first. */
  start: (slot: Slot) => void
  /** Signs in (the sign-in button), for the chosen slot if any. */
  signIn: (slotId: number | null) => void
  confirm: () => void
  cancel: () => void
  closeOutcome: () => void
}

/**
 * The booking flow: sign-in when needed (the cancelable `sign-in-required`, then the platform's popup),
 * confirmation, the booking call, the success modal, and the errors of spec section 8 (the server's
 * message; a 401 forgets the token so the sign-in button shows again). The token and the client are the
 * calendar's `context`: the popup's token goes into it, and the booking that follows reads it at once.
 */
export function useBooking(
  context: SignedWidgetContext,
  t: Translator<string>,
  options: UseBookingOptions,
): BookingFlow {
  const { client, setToken } = context
  const { apiBase, apiKey } = context.config
  const { contributorId, subjectId, contributor } = options
  const [confirming, setConfirming] = useState<Slot | null>(null)
  const [way, setWay] = useState<Way>('online')
  const [chosenSubject, setSubject] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<BookingOutcome | null>(null)
  const [notice, setNotice] = useState<{ message: string; key: number } | null>(null)
  const [refusal, setRefusal] = useState<BookingFlow['refusal']>(null)
  const [status, setStatus] = useState<string | null>(null)
  const signInController = useRef<AbortController | null>(null)
  const [signingIn, setSigningIn] = useState(false)
  // A calendar taken off the page stops waiting for its popup.
  useEffect(() => () => signInController.current?.abort(), [])

  const subjects = contributor?.subjects ?? []
  // A set `subject-id` wins; else the expert's one subject, or a choice (first preselected) among several.
  const subject = subjectId ?? chosenSubject ?? subjects[0]?.id ?? null
  const subjectChoices = subjectId === undefined && subjects.length > 1 ? subjects : []

  function fail(message: string) {
    setNotice((current) => ({ message, key: (current?.key ?? 0) + 1 }))
  }

  // A failure of the dialog's booking stays in the dialog, where the person is looking (issue 31).
  function refuse(message: string, retry: boolean) {
    setRefusal((current) => ({ message, retry, key: (current?.key ?? 0) + 1 }))
  }

  // The schedule hides a slot once it starts; this catches one chosen or in the dialog as it started.
  function passed(slot: Slot): boolean {
    if (Date.parse(slot.start) > Date.now()) return false
    fail(t.t('bookingCalendar.slotPassed'))
    return true
  }

  function openConfirm(slot: Slot) {
    if (passed(slot)) return
    const ways = waysOf(slot)
    if (ways.length === 0) {
      fail(t.t('bookingCalendar.noWay'))
      return
    }
    setWay(ways[0]!)
    setRefusal(null)
    setConfirming(slot)
  }

  // Must run synchronously inside the click: the popup needs the click's user activation.
  function signIn(slotId: number | null, then?: () => void) {
    if (contributorId === undefined) return
    const proceed = options.onSignInRequired?.({ contributorId, slotId }) ?? true
    if (!proceed) return
    const controller = new AbortController()
    signInController.current?.abort()
    signInController.current = controller
    setSigningIn(true)
    const settled = () => {
      if (signInController.current !== controller) return false
      signInController.current = null
      setSigningIn(false)
      return true
    }
    openSignInPopup({ apiBase, apiKey, lang: t.lang, signal: controller.signal }).then(
      (result) => {
        if (!settled()) return
        setToken(result.token)
        setStatus(t.t('bookingCalendar.signedIn'))
        then?.()
      },
      (error: unknown) => {
        if (!settled()) return
        const message = error instanceof Error ? error.message : ''
        // Closing or cancelling the popup is the visitor's own choice, not an error to report.
        if (message === 'popup-closed') return
        fail(
          message === 'popup-blocked'
            ? t.t('bookingCalendar.popupBlocked')
            : message === 'sign-in-failed'
              ? t.t('errors.loginFailed')
              : message || t.t('common.error'),
        )
      },
    )
  }

  function start(slot: Slot) {
    if (passed(slot)) return
    if (context.token) openConfirm(slot)
    else signIn(slot.id, () => openConfirm(slot))
  }

  async function confirm() {
    const slot = confirming
    if (!slot || busy || contributorId === undefined) return
    if (Date.parse(slot.start) <= Date.now()) {
      refuse(t.t('bookingCalendar.slotPassed'), false)
      options.reload()
      return
    }
    if (subject === null) {
      refuse(t.t('bookingCalendar.noSubject'), false)
      return
    }
    setBusy(true)
    setRefusal(null)
    try {
      const { data } = await bookSlot(client, {
        id: slot.id,
        communication_way: wayId(way),
        subject_id: subject,
      })
      const pending = data.kind === 'request'
      const office = data.kind === 'session' ? data.session.office : way === 'office' ? slot.office : null
      setConfirming(null)
      options.onBooked()
      setOutcome(
        bookingOutcome(t, {
          result: data,
          slot,
          way,
          name: contributor?.sso_user.full_name ?? '',
          sessionHref: options.links.sessionHref,
          requestHref: options.links.requestHref,
          apiBase,
        }),
      )
      options.reload()
      options.onBookingCreated?.({
        contributorId,
        slotId: slot.id,
        sessionId: data.kind === 'session' ? data.session.id : data.request.id,
        startAt: data.kind === 'session' ? data.session.start : data.request.slot.start,
        communicationWay: way,
        officeId: way === 'office' ? (office?.id ?? null) : null,
        pendingApproval: pending,
      })
    } catch (error) {
      // An expired or revoked token: forget it, so the sign-in button offers a fresh one.
      if (isApiError(error) && error.status === 401) setToken(null)
      // A 4xx (the slot taken, an overlap, a cap, a refused token) answers the same again; a 5xx, a 429 or a
      // lost connection may not.
      const retry = !isApiError(error) || error.status >= 500 || error.status === 429 || error.status === 0
      refuse(isApiError(error) && error.message ? error.message : t.t('common.error'), retry)
      options.reload()
    } finally {
      setBusy(false)
    }
  }

  return {
    confirming,
    request: contributor?.role === 'advisor',
    ways: confirming ? waysOf(confirming) : [],
    way,
    setWay,
    subjectChoices,
    subject,
    setSubject,
    busy,
    outcome,
    refusal,
    notice: notice?.message ?? null,
    noticeKey: notice?.key ?? 0,
    status,
    signingIn,
    cancelSignIn: () => signInController.current?.abort(),
    start,
    signIn: (slotId) => signIn(slotId),
    confirm: () => void confirm(),
    cancel: () => {
      setConfirming(null)
      setRefusal(null)
    },
    closeOutcome: () => setOutcome(null),
  }
}
