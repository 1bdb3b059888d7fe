import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useOwnProfilePath } from '../../../components/layout/use-own-profile-path.ts'
import { useT } from '../../../lib/i18n.ts'

/**
 * An empty state that says what to do next: a short message and, by default, the way to the expert's own
 * profile, where slots are published (`data-action="go-add-slots"`).
 */
export function NextStep({
  children,
  withSlotsLink = true,
}: {
  children: ReactNode
  withSlotsLink?: boolean
}) {
  const t = useT()
  const profile = useOwnProfilePath(withSlotsLink)
  return (
    <div className="next-step" data-state="empty">
      <p>{children}</p>
      {withSlotsLink ? (
        <Link className="button" to={profile} data-action="go-add-slots">
          {t.t('workspace.next.addSlots')}
        </Link>
      ) : null}
    </div>
  )
}
