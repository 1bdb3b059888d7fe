import { $auth, getContributorProfile } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { paths } from '../../config/paths.ts'
import { api } from '../../lib/api.ts'

/** Profile addresses already worked out, per contributor id (they do not change within a visit). */
const known = new Map<string, string>()

/**
 * The signed-in expert's public profile (`/profile/{kind}/{first subject}/{id}`), where their week view adds
 * slots: read once from `GET /profile/contributor` when `active`, then remembered for the visit. Null for a
 * business owner, and until the profile is read (or if reading it fails).
 */
export function useExpertProfilePath(active: boolean): string | null {
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
  return expertId && path ? path : null
}

/**
 * The address of the signed-in person's own profile: an expert's public profile (see
 * {@link useExpertProfilePath}), or the own page (`/my-profile`) of a business owner, and of an expert until
 * their public profile is read.
 */
export function useOwnProfilePath(active: boolean): string {
  return useExpertProfilePath(active) ?? paths.myProfile.to()
}
