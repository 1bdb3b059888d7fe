/**
 * A way for code outside React (the API client's 401 rule, push messages) to move the router. The app
 * registers the router's `navigate` once it exists; before that, a plain page load does the job.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void

// On the server (a page drawn for a visitor) there is nowhere to go: the page is sent as drawn, and the
// browser's own call meets the same rule after hydration.
let navigateImpl: Navigate = (to) => {
  if (typeof window !== 'undefined') window.location.assign(to)
}

/** Registers the router's navigate function. */
export function setNavigate(navigate: Navigate): void {
  navigateImpl = navigate
}

/** Goes to `to` inside the app. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options)
}
