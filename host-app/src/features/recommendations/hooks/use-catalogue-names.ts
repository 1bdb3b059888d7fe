import { getAcademyCourses, getServices } from '@mashura/core'
import { api } from '../../../lib/api.ts'
import { useApi } from '../../../lib/use-api.ts'

/** The most course pages read to name a recommendation's courses (100 a page). */
const MAX_PAGES = 10

/**
 * The titles of the given academy courses, by id. The academy has no read-one call, so pages of the
 * catalogue are read until every id is found (or the catalogue ends).
 */
export function useCourseTitles(
  ids: readonly number[],
  lang: string,
): Map<number, { title: string; url: string }> {
  const key = ids.join(',')
  const { data } = useApi(
    async (signal) => {
      const found = new Map<number, { title: string; url: string }>()
      if (ids.length === 0) return found
      for (let page = 1; page <= MAX_PAGES; page++) {
        const { data: courses, meta } = await getAcademyCourses(
          api,
          { page, per_page: 100 },
          { signal, loader: false },
        )
        for (const c of courses) if (ids.includes(c.id)) found.set(c.id, { title: c.title, url: c.url })
        if (found.size === ids.length || page >= meta.last_page) break
      }
      return found
    },
    [key, lang],
  )
  return data ?? new Map()
}

/** The names of the given platform services, by id. */
export function useServiceNames(
  ids: readonly number[],
  lang: string,
): Map<number, { name: string; url: string }> {
  const { data } = useApi(
    async (signal) => {
      if (ids.length === 0) return new Map<number, { name: string; url: string }>()
      const { data: services } = await getServices(api, { signal, loader: false })
      return new Map(
        services.filter((s) => ids.includes(s.id)).map((s) => [s.id, { name: s.name, url: s.url }]),
      )
    },
    [ids.join(','), lang],
  )
  return data ?? new Map()
}
