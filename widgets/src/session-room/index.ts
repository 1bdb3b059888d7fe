/** The `session-room` entry: registers `<session-room>` and nothing else, for the lightest embed. */
import { defineSessionRoom } from './session-room.element.ts'

export { configureWidgets } from '../shared/config.ts'
export { SessionRoomElement } from './session-room.element.ts'

defineSessionRoom()
