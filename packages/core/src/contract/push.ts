/**
 * The push a person's browsers and apps receive (design section 5): the JSON the server's Web Push sends
 * (`packages/server/src/adapters/push/service.ts`, `pushPayload`), which the site's service worker (`host-app/public/sw.js`)
 * shows or posts to the open pages, and what core's push clients hand a page (`PushMessage`).
 */
import { type Static, Type } from 'typebox'
import { Nullable } from './common.ts'

/** The data fields of a push (spec section 7: title, request_id, session_id), and a chat message's conversation. */
export const PushDataSchema = Type.Object({
  title: Type.String(),
  request_id: Nullable(Type.Integer({ description: 'The request the push is about; its page comes first.' })),
  session_id: Nullable(Type.Integer({ description: 'The session the push is about.' })),
  chat_with: Type.Optional(
    Type.Integer({
      description:
        "A chat message's other party, as the recipient's chat page names them (`/Chat/{chat_with}`); only a chat message's push has it (issue 31).",
    }),
  ),
})

/** What a push carries: its data fields and the notification a browser shows. */
export const PushPayloadSchema = Type.Object({
  data: PushDataSchema,
  notification: Type.Object({
    title: Type.String(),
    body: Type.String({ maxLength: 1000, description: 'Cut to 1000 characters, the last one `…`.' }),
  }),
})

/** The data fields of a push. */
export type PushData = Static<typeof PushDataSchema>
/** What a push carries, as the server sends it. */
export type PushPayload = Static<typeof PushPayloadSchema>

/**
 * The data fields of a push as a page hears them: any may be missing (a push that is not the server's JSON has
 * none), and the ids are strings when they came through FCM, whose data fields are all strings.
 */
export type PushMessageData = {
  [K in keyof PushData]?: K extends 'title' ? PushData[K] : Exclude<PushData[K], undefined> | string | null
}

/** A push as core's push clients hand it to a page: the data fields, and the notification when it has one. */
export interface PushMessage {
  /** The data fields. */
  data: PushMessageData
  /** The notification part. */
  notification?: Partial<PushPayload['notification']>
}
