import '../../../lib/more-messages.ts'
import type { PagedResponse, Session, UserRole } from '@mashura/core'
import type { ReactNode } from 'react'
import { Loaded } from '../../../components/ui/loaded.tsx'
import { Pager } from '../../../components/ui/pager.tsx'
import { useT } from '../../../lib/i18n.ts'
import type { ApiState } from '../../../lib/use-api.ts'
import { SessionRow, type SessionRowProps } from './session-row.tsx'

/** The props of {@link SessionList}. */
export interface SessionListProps {
  /** The page of sessions as loaded. */
  state: ApiState<PagedResponse<Session>>
  /** Who looks at the list. */
  viewer: UserRole
  /** What to show when the list is empty: what to do next. */
  empty: ReactNode
  /** Per-row link options (the expert pages link rows elsewhere). */
  row?: (session: Session) => Omit<SessionRowProps, 'session' | 'viewer'>
}

/**
 * A paged list of sessions: loading, "couldn't load" with retry, an empty state that says what to do next,
 * or the rows with the count announced (a live region) and the pager.
 */
export function SessionList({ state, viewer, empty, row }: SessionListProps) {
  const t = useT()
  return (
    <Loaded state={state}>
      {(data) => (
        <>
          <p className="list-count muted" role="status">
            {t.t('sessionsPage.count', { count: data.meta.total })}
          </p>
          {data.data.length === 0 ? (
            <div className="empty-state">{empty}</div>
          ) : (
            <ul className="row-list" aria-busy={state.loading}>
              {data.data.map((session) => (
                <SessionRow key={session.id} session={session} viewer={viewer} {...row?.(session)} />
              ))}
            </ul>
          )}
          <Pager meta={data.meta} />
        </>
      )}
    </Loaded>
  )
}
