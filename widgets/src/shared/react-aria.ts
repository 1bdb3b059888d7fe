/**
 * Turns on react-aria's shadow DOM support, once for the page. Its focus scopes and dialogs otherwise read
 * `document.activeElement`, which from inside a shadow root is the widget's host, so focus trapping breaks.
 * The flag is exported under react-stately's `private/` path and is module-wide; every widget lives in a
 * shadow root, so any element file that uses react-aria's overlays imports this module.
 */
import { enableShadowDOM } from 'react-stately/private/flags/flags'

enableShadowDOM()
