import { isApiError } from '@mashura/core'
import type { ReactNode } from 'react'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { PageLoading } from '../../../components/ui/page-loading.tsx'
import type { ApiState } from '../../../lib/use-api.ts'
import { useAdminT } from '../i18n.ts'

/**
 * A back-office load's content once it is there: "loading" first; a refusal (403: the role does not allow it)
 * and a call the server does not offer (404) said plainly; any other failure with a retry.
 */
export function AdminLoaded<T>({
  state,
  children,
}: {
  state: ApiState<T>
  children: (data: T) => ReactNode
}) {
  const t = useAdminT()
  const { data, error, loading, reload } = state
  if (loading && data === undefined) return <PageLoading />
  if (error && isApiError(error) && error.status === 403)
    return (
      <p className="error-box" role="alert" data-state="forbidden">
        {t.t('admin.forbidden')}
      </p>
    )
  if (error && isApiError(error) && error.status === 404)
    return (
      <p className="error-box" role="alert" data-state="unavailable">
        {t.t('admin.unavailable')}
      </p>
    )
  if (error || data === undefined) return <LoadFailed onRetry={reload} />
  return children(data)
}

/** After a form's problems are drawn, takes the focus to the first field with one (in the open dialog, if any). */
export function focusFirstProblem(): void {
  requestAnimationFrame(() => {
    const scope = document.querySelector('dialog[open]') ?? document
    scope.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  })
}
