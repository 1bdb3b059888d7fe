import {
  cancelMySession,
  cancelSession,
  endInstantSession,
  endSession,
  extendSession,
  formatDate,
  formatTime,
  getMeetingSignature,
  isApiError,
  type Language,
  type MeetingData,
  type MeetingRole,
  type MeetingSignature,
  markSmeAbsent,
  rescheduleMySession,
  type Session,
  type Slot,
  timeZoneLabel,
  validateContributorMeeting,
} from '@mashura/core'
import { useState } from 'react'
import type {
  RecommendationsRequiredDetail,
  SessionCancelledDetail,
  SessionEndedDetail,
  SessionEventDetail,
  SessionRescheduledDetail,
} from '../events.ts'
import type { SessionRoomKey } from './session-details.tsx'
import type { ViewerRole } from './session-rules.ts'
import type { SessionHandle } from './use-session.ts'

/** What the room tells its host, one callback per public event. */
export interface RoomCallbacks {
  /** The expert started or continued the meeting. */
  onStarted?: ((detail: SessionEventDetail) => void) | undefined
  /** The session was ended. */
  onEnded?: ((detail: SessionEndedDetail) => void) | undefined
  /** The session was cancelled. */
  onCancelled?: ((detail: SessionCancelledDetail) => void) | undefined
  /** The business owner moved her session to another slot. */
  onRescheduled?: ((detail: SessionRescheduledDetail) => void) | undefined
  /** The business owner was marked absent. */
  onMarkedAbsent?: ((detail: SessionEventDetail) => void) | undefined
  /** Recommendations are due. */
  onRecommendationsRequired?: ((detail: RecommendationsRequiredDetail) => void) | undefined
}

/** The meeting the viewer is in. */
export interface JoinedMeeting {
  /** The session's meeting data. */
  meeting: MeetingData
  /** The signature, or null for a provider that needs none. */
  signature: MeetingSignature | null
}

/** An error to show; `id` changes each time, so the same message twice restarts the notice. */
export interface RoomNotice {
  /** The message. */
  text: string
  /** A number new for each error. */
  id: number
}

let noticeIds = 0

function noticeOf(text: string): RoomNotice {
  noticeIds += 1
  return { text, id: noticeIds }
}

/** The dialog open, if any. */
export type RoomDialogName = 'end' | 'cancel' | 'absent' | 'endInstant' | 'ownerCancel' | 'move'

/** What the live region announces after an action: a message key and its values. */
export interface RoomOutcome {
  /** The message. */
  key: SessionRoomKey
  /** Its values, if it has any. */
  values?: Record<string, string | number>
}

/** The room's action state and the actions themselves. */
export interface RoomActions {
  /** The action whose call runs, or null. */
  busy: string | null
  /** The error to show (spec section 8: the server's message, for 10 seconds). */
  notice: RoomNotice | null
  /** The error to show inside the open dialog. */
  dialogNotice: RoomNotice | null
  /** The outcome the live region announces, or null. */
  outcome: RoomOutcome | null
  /** The meeting the viewer is in, or null. */
  joined: JoinedMeeting | null
  /** The open dialog, or null. */
  dialog: RoomDialogName | null
  /** Opens a dialog. */
  open(dialog: RoomDialogName): void
  /** Closes the dialog (not while its call runs). */
  close(): void
  /** Starts a booked session (validate, then the signature of an online one). */
  start(session: Session): Promise<void>
  /** Goes back into an ongoing session's meeting. */
  resume(session: Session): Promise<void>
  /** Joins an ongoing online meeting as the business owner. */
  join(session: Session): Promise<void>
  /** Ends the session with a reason. */
  end(session: Session, reason: string): Promise<void>
  /** Marks the business owner absent. */
  markAbsent(session: Session): Promise<void>
  /** Cancels the session with a reason. */
  cancel(session: Session, reasonId: number, details: string | null): Promise<void>
  /** Cancels the business owner's own upcoming session with a reason (issue 34). */
  ownerCancel(session: Session, reasonId: number, details: string | null): Promise<void>
  /** Moves the business owner's own upcoming session to another free slot of the same expert (issue 34). */
  move(session: Session, slot: Slot): Promise<void>
  /** Extends an ongoing instant session and announces its new end. */
  extend(session: Session): Promise<void>
  /** Ends an ongoing instant session; recommendations are due next. */
  endInstant(session: Session): Promise<void>
  /** Leaves the meeting. */
  leave(): void
  /** Shows an error from the meeting provider and leaves the meeting. */
  meetingFailed(message: string): void
  /**
   * Closes the meeting of a session that is over without this room ending it (the expert ended it from
   * the other side, another tab or the recommendations form), and says what comes next: the business
   * owner learns that the expert is writing the recommendations (or that they are there), the expert is
   * sent to write them, as after ending it here.
   */
  sessionOver(session: Session, role: ViewerRole): void
}

/**
 * The actions of spec section 4's meeting flow, for a session {@link useSession} holds. Each runs one call
 * at a time and reports through the room's callbacks; errors become notices with the server's message,
 * except where the spec says otherwise (a failed end is ignored; a failed signature sends the expert to
 * the recommendations with `endSession`).
 */
export function useRoomActions(
  handle: SessionHandle,
  callbacks: RoomCallbacks,
  genericError: string,
  lang: Language,
): RoomActions {
  const { client, failure, reload, replace } = handle
  const [busy, setBusy] = useState<string | null>(null)
  const [notice, setNotice] = useState<RoomNotice | null>(null)
  const [dialogNotice, setDialogNotice] = useState<RoomNotice | null>(null)
  const [outcome, setOutcomeState] = useState<RoomOutcome | null>(null)
  const setOutcome = (key: SessionRoomKey | null, values?: RoomOutcome['values']) =>
    setOutcomeState(key === null ? null : values ? { key, values } : { key })
  const [joined, setJoined] = useState<JoinedMeeting | null>(null)
  const [dialog, setDialog] = useState<RoomDialogName | null>(null)

  function showError(error: unknown, where: 'room' | 'dialog' = 'room') {
    const message = failure(error, genericError)
    if (message === null) {
      setDialog(null)
      return
    }
    if (where === 'dialog') setDialogNotice(noticeOf(message))
    else setNotice(noticeOf(message))
  }

  async function run(name: string, task: () => Promise<void>) {
    if (busy) return
    setBusy(name)
    setNotice(null)
    setDialogNotice(null)
    try {
      await task()
    } finally {
      setBusy(null)
    }
  }

  /**
   * The signature an online meeting needs. Only Zoom needs one: the built-in WebRTC room is named by the
   * meeting number, and the server answers 409 `meeting_not_zoom` to a signature request for it.
   */
  async function signatureFor(meeting: MeetingData, role: MeetingRole): Promise<MeetingSignature | null> {
    if (meeting.provider !== 'zoom') return null
    const { data } = await getMeetingSignature(client, { meeting_number: meeting.personal_id, role })
    return data
  }

  /** Enters the meeting of a started session as its expert; spec section 4 for a failed signature. */
  async function enterAsExpert(session: Session) {
    if (session.communication_way !== 0 || !session.meeting) {
      // An in-office session has no meeting: the details (now ongoing) are all there is to show.
      setOutcome('sessionRoom.startedInOffice')
      callbacks.onStarted?.({ sessionId: session.id })
      return
    }
    let signature: MeetingSignature | null
    try {
      signature = await signatureFor(session.meeting, 1)
    } catch (error) {
      if (isApiError(error) && error.status === 401) return showError(error)
      callbacks.onRecommendationsRequired?.({ sessionId: session.id, endSession: true })
      await reload()
      return
    }
    setJoined({ meeting: session.meeting, signature })
    setOutcome('sessionRoom.started')
    callbacks.onStarted?.({ sessionId: session.id })
  }

  /**
   * Ends the session with `call` (end, or end-instant), then asks for the recommendations. Spec section 5:
   * a failed end is ignored without a message and the expert moves on (the details reload to show what the
   * server has). Only a lost sign-in still counts, because nothing after it can work.
   */
  async function finish(session: Session, reason: string | null, call: () => Promise<{ data: Session }>) {
    let ended = false
    try {
      replace((await call()).data)
      ended = true
    } catch (error) {
      if (isApiError(error) && error.status === 401) return showError(error)
    }
    setDialog(null)
    setJoined(null)
    if (ended) {
      setOutcome('sessionRoom.endedStatus')
      callbacks.onEnded?.({ sessionId: session.id, reason })
    }
    callbacks.onRecommendationsRequired?.({ sessionId: session.id, endSession: false })
    if (!ended) await reload()
  }

  return {
    busy,
    notice,
    dialogNotice,
    outcome,
    joined,
    dialog,
    open(name) {
      setDialogNotice(null)
      setDialog(name)
    },
    close() {
      if (!busy) setDialog(null)
    },
    start: (session) =>
      run('start', async () => {
        let started: Session
        try {
          started = (await validateContributorMeeting(client, { id: session.id })).data
        } catch (error) {
          return showError(error)
        }
        replace(started)
        await enterAsExpert(started)
      }),
    resume: (session) => run('continue', () => enterAsExpert(session)),
    join: (session) =>
      run('join', async () => {
        if (!session.meeting) return
        try {
          const signature = await signatureFor(session.meeting, 0)
          setJoined({ meeting: session.meeting, signature })
          setOutcome('sessionRoom.started')
        } catch (error) {
          showError(error)
        }
      }),
    end: (session, reason) =>
      run('end', () =>
        // Always forced: the expert chose to end now, and the server refuses an unforced end before the
        // scheduled end (422), which would leave the session running behind the expert's back.
        finish(session, reason, () =>
          endSession(client, { id: session.id, force_end: true, end_reason: reason }),
        ),
      ),
    endInstant: (session) =>
      run('endInstant', () => finish(session, null, () => endInstantSession(client, { id: session.id }))),
    extend: (session) =>
      run('extend', async () => {
        let extended: Session
        try {
          extended = (await extendSession(client, { id: session.id })).data
        } catch (error) {
          return showError(error)
        }
        replace(extended)
        const minutes = Math.round((Date.parse(extended.end) - Date.parse(session.end)) / 60_000)
        setOutcome('sessionRoom.extendedUntil', {
          minutes,
          time: formatTime(extended.end, lang),
          zone: timeZoneLabel(lang),
        })
      }),
    markAbsent: (session) =>
      run('absent', async () => {
        try {
          await markSmeAbsent(client, { id: session.id })
        } catch (error) {
          return showError(error, 'dialog')
        }
        setDialog(null)
        setJoined(null)
        // Spec section 4: the details reload after marking the business owner absent.
        await reload()
        setOutcome('sessionRoom.absentStatus')
        callbacks.onMarkedAbsent?.({ sessionId: session.id })
      }),
    cancel: (session, reasonId, details) =>
      run('cancel', async () => {
        try {
          await cancelSession(client, { id: session.id, cancel_reason_id: reasonId, reason: details })
        } catch (error) {
          return showError(error, 'dialog')
        }
        // Spec section 4: cancelling closes the dialog and reloads the details.
        setDialog(null)
        await reload()
        setOutcome('sessionRoom.cancelledStatus')
        callbacks.onCancelled?.({ sessionId: session.id, reasonId })
      }),
    ownerCancel: (session, reasonId, details) =>
      run('ownerCancel', async () => {
        let cancelled: Session
        try {
          cancelled = (
            await cancelMySession(client, { id: session.id, cancel_reason_id: reasonId, reason: details })
          ).data
        } catch (error) {
          return showError(error, 'dialog')
        }
        setDialog(null)
        replace(cancelled)
        setOutcome('sessionRoom.ownerCancelledStatus')
        callbacks.onCancelled?.({ sessionId: session.id, reasonId })
      }),
    move: (session, slot) =>
      run('move', async () => {
        let moved: Session
        try {
          moved = (await rescheduleMySession(client, { id: session.id, schedule_id: slot.id })).data
        } catch (error) {
          return showError(error, 'dialog')
        }
        setDialog(null)
        replace(moved)
        setOutcome('sessionRoom.movedStatus', {
          date: formatDate(moved.start, lang),
          time: formatTime(moved.start, lang),
          zone: timeZoneLabel(lang),
        })
        callbacks.onRescheduled?.({
          sessionId: moved.id,
          previousStart: session.start,
          start: moved.start,
          scheduleId: moved.schedule_id ?? slot.id,
        })
      }),
    leave() {
      setJoined(null)
      setOutcome(null)
    },
    meetingFailed(message) {
      setJoined(null)
      setOutcome(null)
      setNotice(noticeOf(message))
    },
    sessionOver(session, role) {
      setJoined(null)
      // Cancelled, or the business owner marked absent: the state label says it all.
      if (session.state !== 'ended') return setOutcome(null)
      if (role === 'contributor') {
        setOutcome('sessionRoom.endedStatus')
        callbacks.onRecommendationsRequired?.({ sessionId: session.id, endSession: false })
        return
      }
      // Recommendations written during the session show in the details already.
      setOutcome(session.recommendations ? null : 'sessionRoom.endedForOwner')
    },
  }
}
