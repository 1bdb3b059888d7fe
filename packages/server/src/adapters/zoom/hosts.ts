/**
 * Which Zoom user a session's meeting is made under (issue 33). Zoom lets a host run one meeting at a time, so
 * two experts' sessions at the same hour under one user collide. An expert with their own Zoom user
 * (`contributors.zoom_user`) always gets theirs; otherwise the first host of the pool (`ZOOM_HOST_POOL`, or
 * `ZOOM_HOST_USER` alone) with no meeting overlapping the session's time, never one host two overlapping
 * meetings; none free refuses the booking (503 `zoom_hosts_busy`, nothing booked). Choices being made in this
 * process count as taken until the session that uses them is written (a claim), so two bookings at once never
 * pick the same free host.
 */
import type { Kysely } from 'kysely'
import type { ZoomApiConfig } from '../../config.ts'
import { busyZoomHosts, contributorZoomUser } from '../../db/queries/zoom-hosts.ts'
import type { Database } from '../../db/tables.ts'
import { unavailable } from '../../domain/errors.ts'

/** The hosts of the pool, in order of preference. */
export function zoomHostPool(config: Pick<ZoomApiConfig, 'hostUser' | 'hostPool'>): readonly string[] {
  return config.hostPool?.length ? config.hostPool : [config.hostUser]
}

/** Every host of the pool has a meeting at that time: nothing is booked. */
export const zoomHostsBusy = () => unavailable('zoom_hosts_busy', 'errors.zoomHostsBusy')

/** A host taken for a meeting until {@link HostClaim.release}. */
export interface HostClaim {
  host: string
  /** Whether the host is the expert's own (else the pool's). */
  own: boolean
  /** Ends the claim: once the session naming the host is written, or when the booking failed. */
  release(): void
}

interface Claim {
  host: string
  start: number
  end: number
}

/** The claims being made, per database (one per app), and the lock that makes choosing one at a time. */
const claimsOf = new WeakMap<object, { claims: Set<Claim>; lock: Promise<unknown> }>()

/**
 * Takes a host for a meeting from `start` to `end`: the expert's own Zoom user when they have one, else the
 * first pool host (not in `skip`) with no meeting overlapping it, in the database or being made; 503
 * `zoom_hosts_busy` when there is none.
 */
export async function claimZoomHost(
  db: Kysely<Database>,
  config: Pick<ZoomApiConfig, 'hostUser' | 'hostPool'>,
  meeting: { contributorId?: number | undefined; start: Date; end: Date; skip?: ReadonlySet<string> },
): Promise<HostClaim> {
  if (meeting.contributorId !== undefined) {
    const own = await contributorZoomUser(db, meeting.contributorId)
    if (own && !meeting.skip?.has(own)) return { host: own, own: true, release: () => {} }
    if (own) throw zoomHostsBusy()
  }
  let state = claimsOf.get(db)
  if (!state) {
    state = { claims: new Set(), lock: Promise.resolve() }
    claimsOf.set(db, state)
  }
  const { claims } = state
  const start = meeting.start.getTime()
  const end = meeting.end.getTime()
  const choose = async (): Promise<HostClaim> => {
    const busy = await busyZoomHosts(
      db,
      { start: meeting.start.toISOString(), end: meeting.end.toISOString() },
      config.hostUser,
    )
    for (const c of claims) if (c.start < end && c.end > start) busy.add(c.host)
    const host = zoomHostPool(config).find((h) => !busy.has(h) && !meeting.skip?.has(h))
    if (!host) throw zoomHostsBusy()
    const claim: Claim = { host, start, end }
    claims.add(claim)
    return { host, own: false, release: () => claims.delete(claim) }
  }
  const result = state.lock.then(choose, choose)
  state.lock = result.catch(() => undefined)
  return result
}
