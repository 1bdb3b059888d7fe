import r2wc from '@r2wc/react-to-web-component'
import { createElement } from 'react'
import { emit } from '../events.ts'
import { resolveConfig, type SharedAttributes, sharedProps } from '../shared/config.ts'
import { defineElement } from '../shared/define-element.ts'
import { adoptStyles } from '../shared/styles.ts'
import { withElementToken, withTokenProperty } from '../shared/token-property.ts'
import { SessionRoom } from './session-room.tsx'
import { recommendationsUrl, viewerRole } from './session-rules.ts'
import { sessionRoomSheet } from './sheet.ts'

/** The attributes of `<session-room>`, as r2wc hands them over. */
interface SessionRoomAttributes extends SharedAttributes {
  sessionId?: number
  view?: string
  recommendationsHref?: string
  revision?: number
  container?: HTMLElement
}

function SessionRoomHost({
  container,
  sessionId,
  view,
  recommendationsHref,
  revision,
  ...shared
}: SessionRoomAttributes) {
  // r2wc renders into the shadow root and passes it as `container`.
  const host = (container as unknown as ShadowRoot | undefined)?.host
  // The room's client reads the element's own token store; a 401 forgets the token there, so a remount (the
  // element moved) stays signed out.
  return withElementToken(
    container,
    createElement(SessionRoom, {
      ...resolveConfig(shared),
      sessionId,
      revision,
      role: viewerRole(view),
      onStarted: (detail) => {
        if (host) emit(host, 'session-started', detail)
      },
      onEnded: (detail) => {
        if (host) emit(host, 'session-ended', detail)
      },
      onCancelled: (detail) => {
        if (host) emit(host, 'session-cancelled', detail)
      },
      onRescheduled: (detail) => {
        if (host) emit(host, 'session-rescheduled', detail)
      },
      onMarkedAbsent: (detail) => {
        if (host) emit(host, 'sme-marked-absent', detail)
      },
      onRecommendationsRequired: (detail) => {
        if (!host) return
        // The event is cancelable: a host app that routes itself calls preventDefault() and navigates.
        const proceed = emit(host, 'recommendations-required', detail)
        if (proceed && recommendationsHref)
          globalThis.location.assign(
            recommendationsUrl(recommendationsHref, detail.sessionId, detail.endSession),
          )
      },
    }),
  )
}

const Base = withTokenProperty(
  r2wc(SessionRoomHost, {
    shadow: 'open',
    props: {
      ...sharedProps,
      sessionId: 'number',
      view: 'string',
      recommendationsHref: 'string',
      revision: 'number',
    },
  }),
)

/**
 * A session's room: its details, the actions the signed-in person may take in its state (start,
 * continue and end the meeting, mark the business owner absent, cancel with a reason, join; extend and
 * end an instant session), the time an ongoing session has left, and the meeting itself, run by a
 * provider loaded only when the person joins. The business owner viewing her own booked, not yet started
 * session also gets Move session and Cancel session (issue 34): both open until the server's
 * `changeable_until` (the start less the cut-off, 24 hours by default), then disabled with why and since
 * when (`changes-closed`).
 *
 * @tag session-room
 *
 * @attr session-id - The session to show.
 * @attr view - Which identity of the signed-in person looks: `sme` (default, the business owner) or
 *   `contributor` (the expert); a person with both identities chooses. (Not `role`: on an element that is
 *   the ARIA role, and `contributor` is no valid one.)
 * @attr recommendations-href - Where the recommendations form is, as a template such as
 *   `/add-recommendations/{id}`; after the meeting ends (or fails to start) the room navigates there,
 *   adding `?endSession=true` when the form must end the session, unless `recommendations-required` was
 *   prevented. Without it the room only fires the event.
 * @attr revision - Any number; each new value reloads the session's details without leaving the meeting.
 *   A page that hears of the session's changes (the realtime `sessions` topic) sets it, so the business
 *   owner's join button appears when the expert starts.
 * @attr api-base - The API base (default `/api`, or the page-wide value from `configureWidgets`).
 * @attr api-key - The embedding site's API key.
 * @attr lang - `ar` (default, right to left) or `en` (left to right).
 *
 * @prop {string | null} token - The signed-in person's API token. A property only, never an attribute, so
 *   the token never sits in the DOM; it belongs to this element (set it on each room) and survives the
 *   element being moved. Set `null` to forget it. A 401 answer sets it to `null` and the room shows its
 *   signed-out state.
 *
 * @event session-started - Emitted when the expert started or continued the meeting; `detail: { sessionId }`.
 * @event session-ended - Emitted when the expert ended the session (an instant one too, with `reason`
 *   null); `detail: { sessionId, reason }`.
 * @event session-cancelled - Emitted when the expert, or the business owner herself, cancelled the session;
 *   `detail: { sessionId, reasonId }`.
 * @event session-rescheduled - Emitted when the business owner moved her session to another free slot of
 *   the same expert; `detail: { sessionId, previousStart, start, scheduleId }`.
 * @event sme-marked-absent - Emitted when the expert marked the business owner absent; `detail: { sessionId }`.
 * @event recommendations-required - Emitted when the expert should write recommendations (after ending,
 *   or with `endSession: true` when the meeting signature could not be fetched); cancelable, which stops
 *   the navigation to `recommendations-href`; `detail: { sessionId, endSession }`.
 *
 * @csspart base - The wrapper; carries `dir` and `lang`.
 * @csspart status - The live region announcing outcomes (started, ended, cancelled, moved, not found, signed out).
 * @csspart notice - The error notice (10 seconds); `retry` is its button after a failed load.
 * @csspart skeleton - The loading placeholder.
 * @csspart session - The session's section.
 * @csspart title - The heading (the subject).
 * @csspart state - The state label; `data-state` holds `booked`, `ongoing`, `ended`, `cancelled` or `sme_absent`.
 * @csspart instant - The "instant session" label of an instant session.
 * @csspart starts-in - How long until the session starts (a `timer`, `data-state="upcoming"`): before the
 *   start of an ongoing session, and of a booked one due within a day.
 * @csspart remaining - The time an ongoing session has left once its start has come (a `timer`);
 *   `data-state` holds `running`, `ending` (under five minutes) or `over`.
 * @csspart details - The list of details.
 * @csspart recommendations - The recommendations summary.
 * @csspart actions - The action buttons' group.
 * @csspart action - Each action button; also `action-start`, `action-continue`, `action-end`,
 *   `action-absent`, `action-cancel`, `action-join`, `action-extend`, `action-end-instant`. Each carries
 *   `data-action` with the action's name (`start`, `continue`, `end`, `markAbsent`, `cancel`, `join`,
 *   `extend`, `endInstant`).
 * @csspart owner-changes - The business owner's Move and Cancel group for her own upcoming session.
 * @csspart action-move - Move session (`data-action="move"`); `aria-disabled` after the cut-off.
 * @csspart action-owner-cancel - The business owner's Cancel session (`data-action="ownerCancel"`);
 *   `aria-disabled` after the cut-off.
 * @csspart changes-until - Until when she may still move or cancel it (while open).
 * @csspart changes-closed - Why and since when she can no longer move or cancel it (after the cut-off).
 * @csspart move-form - The move dialog's form.
 * @csspart move-slots - The move dialog's free times (each a label with `data-slot-id`).
 * @csspart no-slots - The move dialog's note that the expert has no other free time.
 * @csspart meeting - The meeting area.
 * @csspart textarea - A reason textarea in a dialog.
 * @csspart error - A dialog field's error message.
 * @csspart confirm - A dialog's confirming button.
 * @csspart dismiss - A dialog's going-back button.
 * @csspart dialog - A dialog (end, cancel, mark absent, end instant, move).
 * @csspart cancel-form - The cancel dialog's form (the reasons).
 * @csspart end-form - The end dialog's form (the reason).
 * @csspart retry - The retry button of an error notice.
 * @csspart call - The built-in WebRTC call.
 * @csspart call-stage - The call's videos.
 * @csspart remote-video - The other person's video.
 * @csspart local-video - The person's own (muted, mirrored) preview.
 * @csspart call-status - The call's live status line.
 * @csspart call-controls - The call's buttons.
 * @csspart call-button - Each call button; also `microphone`, `camera` and `leave`.
 * @csspart microphone - The mute toggle.
 * @csspart camera - The camera toggle.
 * @csspart leave - The leave button.
 * @csspart zoom - The Zoom meeting area.
 * @csspart zoom-status - The Zoom meeting's status line.
 * @csspart zoom-frame - The iframe that runs the Zoom page.
 *
 * @cssproperty --session-room-max-inline-size - The room's maximum width (default `48rem`).
 * @cssproperty --session-room-accent - Buttons, focus rings, the chosen reason (default `--mashura-color-primary`).
 * @cssproperty --mashura-color-primary - The brand primary (`#3084b2`); also `--mashura-color-secondary`,
 *   `--mashura-color-text`, `--mashura-color-surface`, `--mashura-color-border`, `--mashura-font-family`.
 */
export class SessionRoomElement extends Base {
  constructor() {
    super()
    if (this.shadowRoot) adoptStyles(this.shadowRoot, 'session-room', sessionRoomSheet)
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'session-room': SessionRoomElement
  }
}

/** Registers the room under `tag` (guarded); each extra tag gets its own subclass, as the registry requires. */
export function defineSessionRoom(tag = 'session-room'): void {
  defineElement(tag, 'session-room', SessionRoomElement)
}
