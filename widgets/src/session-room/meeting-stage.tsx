import type { MeetingData } from '@mashura/core'
import { Component, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react'
import { Skeleton } from '../shared/notice.tsx'
import { type MeetingProps, type MeetingProvider, meetingProviders } from './meeting/provider.ts'
import type { RoomTranslator } from './session-details.tsx'

// One lazy component per provider for the page's lifetime: a new `lazy()` per render would remount the call.
const lazyProviders = new Map<MeetingData['provider'], LazyExoticComponent<MeetingProvider>>()

function providerFor(kind: MeetingData['provider']): LazyExoticComponent<MeetingProvider> {
  let component = lazyProviders.get(kind)
  if (!component) {
    component = lazy(meetingProviders[kind])
    lazyProviders.set(kind, component)
  }
  return component
}

/** Turns a provider that fails to load or crashes into the room's error notice instead of a blank widget. */
class ProviderBoundary extends Component<{ onError(): void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch() {
    this.props.onError()
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}

/** The props of {@link MeetingStage}: what the provider gets, and the room's translator. */
export interface MeetingStageProps extends MeetingProps {
  /** The translator. */
  t: RoomTranslator
}

/**
 * The meeting area: the session's provider, loaded only now that the viewer joins (each provider ships in
 * its own chunk), with a skeleton while it loads.
 */
export function MeetingStage({ t, ...props }: MeetingStageProps) {
  const Provider = providerFor(props.meeting.provider)
  return (
    <section className="meeting" part="meeting" aria-label={t.t('sessionRoom.meeting')}>
      <ProviderBoundary onError={() => props.onError(t.t('errors.meetingUnavailable'))}>
        <Suspense fallback={<Skeleton lines={4} label={t.t('common.loading')} />}>
          <Provider {...props} />
        </Suspense>
      </ProviderBoundary>
    </section>
  )
}
