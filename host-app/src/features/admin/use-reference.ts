import { getAdminSubjects, getCenters } from '@mashura/core'
import { api } from '../../lib/api.ts'
import { useApi } from '../../lib/use-api.ts'

/** A center or subject as a choice in a list: its id and its name in the page's language. */
export interface Choice {
  id: number
  name: string
}

/** The centers and every subject, for the back office's filters and forms (names in the page's language). */
export interface Reference {
  centers: Choice[]
  subjects: Choice[]
}

/**
 * Loads the centers and all subjects once per language (public reads): the experts' filters and form choose
 * from them.
 */
export function useReference(lang: string) {
  return useApi<Reference>(
    async (signal) => {
      const [centers, subjects] = await Promise.all([
        getCenters(api, { signal }),
        getAdminSubjects(api, { all_subjects: true }, { signal }),
      ])
      return {
        centers: centers.data.map(({ id, name }) => ({ id, name })),
        subjects: subjects.data.map(({ id, name }) => ({ id, name })),
      }
    },
    [lang],
  )
}
