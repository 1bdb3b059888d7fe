import { type FetchLike, type Language, type Session, sessionRoomMessages } from '@mashura/core'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { ErrorNotice, LiveStatus, Skeleton } from '../shared/notice.tsx'
import { useTranslator } from '../shared/use-translator.ts'
import { useWidgetContext } from '../shared/widget-context.ts'
import { CancelDialog } from './cancel-dialog.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { EndDialog } from './end-dialog.tsx'
import { MeetingStage } from './meeting-stage.tsx'
import { MoveDialog } from './move-dialog.tsx'
import { type OwnerChange, OwnerChanges } from './owner-changes.tsx'
import { RemainingTime } from './remaining-time.tsx'
import { SessionActions } from './session-actions.tsx'
import { SessionDetails } from './session-details.tsx'
import { ownerWindow, type RoomAction, roomActions, type ViewerRole } from './session-rules.ts'
import { type RoomCallbacks, useRoomActions } from './use-room-actions.ts'
import { useSession } from './use-session.ts'

/** The props of {@link SessionRoom}: values in, callbacks out. */
export interface SessionRoomProps extends RoomCallbacks {
  /** The API base. */
  apiBase: string
  /** The embedding site's API key. */
  apiKey: string
  /** The language; `ar` by default. */
  lang?: Language | undefined
  /** The `fetch` the API client uses. */
  fetch?: FetchLike | undefined
  /** The signed-in person's API token; the signed-out state without one. */
  token?: string | undefined
  /** The session to show. */
  sessionId?: number | undefined
  /** Any number; each new value reloads the details in place (the host heard the session change). */
  revision?: number | undefined
  /** Which identity of the person looks: the business owner (default) or the expert. */
  role?: ViewerRole | undefined
  /** Called when the server answered 401: the token is no longer good. */
  onSignedOut?: (() => void) | undefined
  /** Called when the session is not the viewer's or does not exist (403 or 404): React hosts redirect (spec 8). */
  onNotFound?: (() => void) | undefined
  /**
   * Called with the session each time the room has a new version of it (loaded, reloaded, or answered by an
   * action), so a React host can show what depends on it (links to the business owner's history, chat).
   */
  onSession?: ((session: Session) => void) | undefined
}

/**
 * Whether focus is inside the room, or nowhere (it went with a removed button): only then may the room
 * move it. Focus shows as a shadow host from outside; the walk finds the element that really has it.
 */
function focusInRoom(base: HTMLElement | null): boolean {
  let active = document.activeElement
  if (!active || active === document.body) return true
  while (active.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return base?.contains(active) ?? false
}

/**
 * The session room: a session's details and the actions of spec section 2 for the viewer's role and the
 * session's state (start, continue, end, mark absent, cancel, join; extend and end for an instant
 * session), the time an ongoing session has left, and the meeting itself. It knows
 * nothing of custom elements; `session-room.element.ts` wraps it.
 */
export function SessionRoom(props: SessionRoomProps) {
  const { apiBase, apiKey, lang, fetch, sessionId, role = 'sme', onSignedOut } = props
  const t = useTranslator(lang, sessionRoomMessages)
  // The room's one context: its configuration, the token (the element's, or the `token` prop) and its client.
  const context = useWidgetContext({ apiBase, apiKey, lang: t.lang, fetch }, props.token, (next) => {
    if (!next) onSignedOut?.()
  })
  const { config, token } = context
  const genericError = t.t('common.error')
  const handle = useSession(context, sessionId, genericError)
  const actions = useRoomActions(handle, props, genericError, t.lang)
  const [portal, setPortal] = useState<HTMLDivElement | null>(null)
  const statusRef = useRef<HTMLParagraphElement>(null)
  const openerRef = useRef<HTMLButtonElement | null>(null)
  const titleId = useId()
  const { view, reload } = handle
  // A new revision reloads in place; the first one is the initial load.
  const revisionRef = useRef(props.revision)
  useEffect(() => {
    if (props.revision === revisionRef.current) return
    revisionRef.current = props.revision
    void reload()
  }, [props.revision, reload])
  const notFoundRef = useRef(props.onNotFound)
  notFoundRef.current = props.onNotFound
  useEffect(() => {
    if (view.kind === 'not-found') notFoundRef.current?.()
  }, [view.kind])
  const sessionRef = useRef(props.onSession)
  sessionRef.current = props.onSession
  const shown = view.kind === 'ready' ? view.session : null
  useEffect(() => {
    if (shown) sessionRef.current?.(shown)
  }, [shown])

  // After a dialog closes or an action replaces the buttons, focus goes back to the button pressed, or to
  // the live region when that button is gone (a cancelled session has no cancel button). Focus elsewhere
  // on the page stays there: the other side ending the session must not pull the person away.
  const settleFocus = useCallback(() => {
    requestAnimationFrame(() => {
      if (!focusInRoom(statusRef.current?.parentElement ?? null)) return
      const opener = openerRef.current
      if (opener?.isConnected && opener.getAttribute('aria-hidden') !== 'true') opener.focus()
      else statusRef.current?.focus()
    })
  }, [])

  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && actions.dialog === null) settleFocus()
    wasOpen.current = actions.dialog !== null
  }, [actions.dialog, settleFocus])

  // Outcomes that remove the pressed button (start → continue) move focus to what is announced.
  useEffect(() => {
    if (actions.outcome && actions.dialog === null) settleFocus()
  }, [actions.outcome, actions.dialog, settleFocus])

  function act(action: RoomAction, button: HTMLButtonElement, session: Session) {
    openerRef.current = button
    switch (action) {
      case 'start':
        return actions.start(session)
      case 'continue':
        return actions.resume(session)
      case 'join':
        return actions.join(session)
      case 'end':
        return actions.open('end')
      case 'markAbsent':
        return actions.open('absent')
      case 'cancel':
        return actions.open('cancel')
      case 'extend':
        return actions.extend(session)
      case 'endInstant':
        return actions.open('endInstant')
    }
  }

  function change(which: OwnerChange, button: HTMLButtonElement) {
    openerRef.current = button
    actions.open(which)
  }

  const status =
    view.kind === 'not-found'
      ? t.t('sessionRoom.notFound')
      : view.kind === 'signed-out'
        ? t.t('sessionRoom.signedOut')
        : actions.outcome
          ? t.t(actions.outcome.key, actions.outcome.values)
          : ''
  const session = view.kind === 'ready' ? view.session : null
  const busy = actions.busy !== null
  // The session is over while its meeting is open (the other side ended it): the meeting closes here too.
  const over = session !== null && session.state !== 'ongoing' && actions.joined !== null
  const { sessionOver } = actions
  // The meeting is open here: what the stage below shows.
  const inCall = Boolean(actions.joined && token && session?.state === 'ongoing')
  // What the room gives each of its dialogs.
  const dialogFrame = { onClose: actions.close, notice: actions.dialogNotice, portal, t }
  // The business owner's own cancel and move, while her session is upcoming (issue 34).
  const changes = session ? ownerWindow(session, role) : null
  useEffect(() => {
    if (over && session) sessionOver(session, role)
  }, [over, session, role, sessionOver])

  return (
    <div
      part="base"
      className="base"
      dir={t.dir}
      lang={t.lang}
      aria-busy={view.kind === 'loading' || busy}
      ref={setPortal}
    >
      <LiveStatus state={view.kind} ref={statusRef}>
        {status}
      </LiveStatus>
      <ErrorNotice
        key={actions.notice?.id}
        message={view.kind === 'error' ? view.message : (actions.notice?.text ?? null)}
        retryLabel={view.kind === 'error' ? t.t('common.retry') : undefined}
        onRetry={view.kind === 'error' ? handle.retry : undefined}
      />
      {view.kind === 'loading' && <Skeleton lines={6} label={t.t('common.loading')} />}
      {session && (
        <section className="session" part="session" aria-labelledby={titleId}>
          <SessionDetails session={session} t={t} titleId={titleId} />
          {(session.state === 'ongoing' || session.state === 'booked') && (
            <RemainingTime
              start={session.start}
              end={session.end}
              ongoing={session.state === 'ongoing'}
              t={t}
            />
          )}
          <SessionActions
            actions={roomActions(session, role).filter(
              // In the call, the call is its own state: no "Join now" (or "Continue") above it (issue 31).
              (action) => !(inCall && (action === 'join' || action === 'continue')),
            )}
            busy={busy}
            t={t}
            onAction={(action, button) => act(action, button, session)}
          />
          {changes && <OwnerChanges window={changes} busy={busy} t={t} onChange={change} />}
          {/* Only while ongoing: the render that shows the session over already stops the meeting. */}
          {inCall && actions.joined && token && (
            <MeetingStage
              config={config}
              client={context.client}
              token={token}
              sessionId={session.id}
              meeting={actions.joined.meeting}
              signature={actions.joined.signature}
              host={role === 'contributor'}
              displayName={
                role === 'contributor' ? session.contributor.sso_user.full_name : session.sme.full_name
              }
              onLeave={actions.leave}
              onError={actions.meetingFailed}
              onSessionEnded={reload}
              t={t}
            />
          )}
          <EndDialog
            {...dialogFrame}
            isOpen={actions.dialog === 'end'}
            onEnd={(reason) => actions.end(session, reason)}
            busy={actions.busy === 'end'}
          />
          <ConfirmDialog
            {...dialogFrame}
            isOpen={actions.dialog === 'absent'}
            title={t.t('meeting.markAbsent')}
            question={t.t('meeting.markAbsentConfirm')}
            onConfirm={() => actions.markAbsent(session)}
            busy={actions.busy === 'absent'}
          />
          <ConfirmDialog
            {...dialogFrame}
            isOpen={actions.dialog === 'endInstant'}
            title={t.t('meeting.endInstant')}
            question={t.t('sessionRoom.endInstantConfirm')}
            onConfirm={() => actions.endInstant(session)}
            busy={actions.busy === 'endInstant'}
          />
          <CancelDialog
            {...dialogFrame}
            isOpen={actions.dialog === 'cancel'}
            onCancel={(reasonId, details) => actions.cancel(session, reasonId, details)}
            busy={actions.busy === 'cancel'}
            client={handle.client}
            failure={handle.failure}
          />
          {changes && (
            <>
              <CancelDialog
                {...dialogFrame}
                isOpen={actions.dialog === 'ownerCancel'}
                onCancel={(reasonId, details) => actions.ownerCancel(session, reasonId, details)}
                busy={actions.busy === 'ownerCancel'}
                client={handle.client}
                failure={handle.failure}
              />
              <MoveDialog
                {...dialogFrame}
                isOpen={actions.dialog === 'move'}
                session={session}
                cutoffHours={changes.hours}
                onMove={(slot) => actions.move(session, slot)}
                busy={actions.busy === 'move'}
                client={handle.client}
                failure={handle.failure}
              />
            </>
          )}
        </section>
      )}
    </div>
  )
}
