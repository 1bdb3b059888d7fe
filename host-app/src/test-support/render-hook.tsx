/**
 * Renders a hook in a real React root on the test page, as `@testing-library/react`'s `renderHook` does,
 * with nothing but React itself: `act` for the steps a test takes, and the hook's value after every render.
 */
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'

/** What {@link renderHook} hands back. */
export interface RenderedHook<P, R> {
  /** The hook's value at the last render. */
  readonly current: R
  /** Every value the hook returned, one per render. */
  readonly history: R[]
  /** Renders again with new props. */
  rerender(props: NoInfer<P>): Promise<void>
  /** Unmounts the component (its effects clean up). */
  unmount(): Promise<void>
}

type ActGlobal = { IS_REACT_ACT_ENVIRONMENT?: boolean }

/**
 * Runs `step` inside React's `act`, flushing the renders and effects it causes. Outside these steps React
 * schedules as in a page (the hooks' network answers arrive whenever they do), so the test environment flag
 * is only on while a step runs.
 */
export async function inAct(step: () => void | Promise<void>): Promise<void> {
  const flags = globalThis as ActGlobal
  flags.IS_REACT_ACT_ENVIRONMENT = true
  try {
    await act(async () => {
      await step()
    })
  } finally {
    flags.IS_REACT_ACT_ENVIRONMENT = false
  }
}

/** The component a hook is rendered in: it calls the hook and records what it returned. */
function Probe<P, R>({ hook, props, history }: { hook: (props: P) => R; props: P; history: R[] }) {
  history.push(hook(props))
  return null
}

/** Renders `hook` with `props` in a component of its own, inside `wrap` (a router, a context) if given. */
export async function renderHook<P, R>(
  hook: (props: P) => R,
  props: NoInfer<P>,
  wrap: (children: ReactNode) => ReactNode = (children) => children,
): Promise<RenderedHook<P, R>> {
  const history: R[] = []
  const container = document.createElement('div')
  document.body.append(container)
  let root: Root | undefined
  await inAct(() => {
    root = createRoot(container)
    root.render(wrap(<Probe hook={hook} props={props} history={history} />))
  })
  return {
    get current() {
      return history[history.length - 1] as R
    },
    history,
    async rerender(next) {
      await inAct(() => root?.render(wrap(<Probe hook={hook} props={next} history={history} />)))
    },
    async unmount() {
      await inAct(() => root?.unmount())
      container.remove()
    },
  }
}
