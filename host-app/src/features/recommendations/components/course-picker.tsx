import '../../../lib/more-messages.ts'
import { getAcademyCategories, getAcademyCourses } from '@mashura/core'
import { useEffect, useId, useState } from 'react'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'
import { LIST_MAX, type PickedCourse } from '../draft.ts'
import { FieldError } from './field-error.tsx'
import { PickedList } from './picked-list.tsx'

const PER_PAGE = 8

/** Search text that settles 300 ms after the last keystroke, so typing does not send a call per key. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), 300)
    return () => window.clearTimeout(timer)
  }, [value])
  return settled
}

/**
 * Courses from the academy catalogue: a category filter, a search box and a page of courses to tick;
 * the chosen ones stay listed above (with remove) whatever page or filter is shown.
 */
export function CoursePicker({
  value,
  onChange,
  error,
}: {
  value: PickedCourse[]
  onChange: (value: PickedCourse[]) => void
  error: string | undefined
}) {
  const t = useT()
  const id = useId()
  const [category, setCategory] = useState<number | null>(null)
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const settled = useSettled(search.trim())
  const categories = useApi((signal) => getAcademyCategories(api, { signal }), [t.lang])
  const courses = useApi(
    (signal) =>
      getAcademyCourses(
        api,
        {
          page,
          per_page: PER_PAGE,
          ...(settled ? { search: settled } : {}),
          ...(category ? { category_id: category } : {}),
        },
        { signal, loader: false },
      ),
    [page, settled, category, t.lang],
  )
  // A new filter starts again from its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => setPage(1), [settled, category])

  const picked = new Set(value.map((c) => c.id))
  const toggle = (course: PickedCourse, on: boolean) =>
    onChange(
      on ? [...value, { id: course.id, title: course.title }] : value.filter((c) => c.id !== course.id),
    )
  const meta = courses.data?.meta
  const errorId = `${id}-error`

  return (
    <fieldset
      className="recs-field recs-picker"
      id="recs-field-academy_course_ids"
      data-field="academy_course_ids"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="recs-label">{t.t('recs.courses.legend')}</legend>
      <PickedList
        items={value.map((c) => ({ id: c.id, label: c.title }))}
        emptyText={t.t('recs.courses.none')}
        removeLabel={(label) => t.t('recs.picked.remove', { name: label })}
        onRemove={(removed) => onChange(value.filter((c) => c.id !== removed))}
        kind="course"
      />
      <FieldError id={errorId} field="academy_course_ids" message={error} />
      <div className="recs-filters">
        <div>
          <label htmlFor={`${id}-category`} className="recs-sublabel">
            {t.t('recs.courses.category')}
          </label>
          <select
            id={`${id}-category`}
            className="recs-input"
            value={category ?? ''}
            onChange={(event) => setCategory(event.target.value ? Number(event.target.value) : null)}
            data-action="filter-course-category"
          >
            <option value="">{t.t('recs.courses.allCategories')}</option>
            {categories.data?.data.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-search`} className="recs-sublabel">
            {t.t('recs.courses.search')}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="recs-input"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-action="search-courses"
          />
        </div>
      </div>
      <p className="muted recs-count" role="status">
        {meta ? t.t('recs.courses.found', { count: meta.total }) : ''}
      </p>
      {courses.error ? (
        <LoadFailed onRetry={courses.reload} />
      ) : (
        <ul className="recs-options-list" aria-busy={courses.loading} data-region="course-results">
          {courses.data?.data.map((course) => {
            const checked = picked.has(course.id)
            return (
              <li key={course.id}>
                <label className="recs-check">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && value.length >= LIST_MAX}
                    onChange={(event) => toggle(course, event.target.checked)}
                    data-course-id={course.id}
                  />
                  <span>
                    <span className="recs-option-title">{course.title}</span>
                    {course.description ? (
                      <span className="muted recs-option-text">{course.description}</span>
                    ) : null}
                  </span>
                </label>
              </li>
            )
          })}
        </ul>
      )}
      {meta && meta.last_page > 1 ? (
        <div className="recs-pager">
          <button
            type="button"
            className="button"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            data-action="courses-previous"
          >
            {t.t('common.previous')}
          </button>
          <span className="muted">{t.t('recs.pager.page', { page: meta.page, last: meta.last_page })}</span>
          <button
            type="button"
            className="button"
            disabled={page >= meta.last_page}
            onClick={() => setPage(page + 1)}
            data-action="courses-next"
          >
            {t.t('common.next')}
          </button>
        </div>
      ) : null}
    </fieldset>
  )
}
