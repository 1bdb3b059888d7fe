import { $auth, getContributorProfile } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { paths } from '../../config/paths.ts'
import { api } from '../../lib/api.ts'

/** Profile addresses already worked out, per contributor id (they do not change within a visit). */
const known = new Map<string, string>()

/**
 * The address of the signed-in person's own profile for the side menu: an expert's public profile
 * (`/profile/{kind}/{first subject}/{id}`, read once from `GET /profile/contributor` when `active`), or the
 * business owner's own page. Until an expert's profile is read, or if reading fails, the own page it is.
 */
export function useOwnProfilePath(active: boolean): string {
  const { userRole, id } = useStore($auth)
  const expertId = userRole === 'contributor' ? id : null
  const [path, setPath] = useState(() => (expertId ? known.get(expertId) : undefined))
  useEffect(() => {
    if (!expertId) return
    const cached = known.get(expertId)
    if (cached) {
      setPath(cached)
      return
    }
    if (!active) return
    const controller = new AbortController()
    getContributorProfile(api, { signal: controller.signal }).then(
      ({ data }) => {
        const own = paths.profile.to(data.role, data.subjects[0]?.id ?? 0, data.id)
        known.set(expertId, own)
        setPath(own)
      },
      (error: unknown) => {
        // The own page still works; only the public profile link is lost.
        if (!controller.signal.aborted) console.warn('own profile could not be read', error)
      },
    )
    return () => controller.abort()
  }, [expertId, active])
  return expertId && path ? path : paths.myProfile.to()
}
