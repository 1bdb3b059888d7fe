import { $auth } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { type ComponentType, lazy, Suspense } from 'react'
import { Link, Navigate, NavLink, useParams } from 'react-router'
import { PageLoading } from '../../../components/ui/page-loading.tsx'
import { type AdminSection, paths } from '../../../config/paths.ts'
import { storedBackOfficeRole } from '../../../lib/profile-menu.ts'
import { useAdminT } from '../i18n.ts'
import { chooseSection, sectionsFor } from '../sections.ts'
import '../admin.css'

/** Each section's screen, loaded when first opened (the reports' charts stay out of the experts' screen). */
const SCREENS: Record<AdminSection, ComponentType> = {
  experts: lazy(() => import('./experts-section.tsx').then((m) => ({ default: m.ExpertsSection }))),
  content: lazy(() => import('./content-section.tsx').then((m) => ({ default: m.ContentSection }))),
  deletions: lazy(() => import('./deletions-section.tsx').then((m) => ({ default: m.DeletionsSection }))),
  webhooks: lazy(() => import('./webhooks-section.tsx').then((m) => ({ default: m.WebhooksSection }))),
  reports: lazy(() => import('./reports-section.tsx').then((m) => ({ default: m.ReportsSection }))),
  audit: lazy(() => import('./audit-section.tsx').then((m) => ({ default: m.AuditSection }))),
}

/**
 * `/admin/{section}`: the back office (issue 33). An admin sees every section; an analyst only the reports
 * and the audit trail; anyone else signed in, a plain "no access" (the server refuses them anyway). The
 * sections are links (`/admin/experts`, …), so the address names what is shown and the back button works.
 */
export function AdminPage() {
  const t = useAdminT()
  // Read again when the session changes (a sign-out, a new sign-in).
  useStore($auth)
  const role = storedBackOfficeRole()
  const { section } = useParams()
  const choice = chooseSection(role, section)
  if ('noAccess' in choice)
    return (
      <div className="admin-page" data-page="admin">
        <h1>{t.t('admin.title')}</h1>
        <div className="card admin-no-access" data-state="no-access">
          <h2>{t.t('admin.noAccess.title')}</h2>
          <p>{t.t('admin.noAccess.text')}</p>
          <Link className="button" to={paths.home.to()}>
            {t.t('admin.noAccess.home')}
          </Link>
        </div>
      </div>
    )
  if ('redirect' in choice) return <Navigate to={paths.admin.to(choice.redirect)} replace />
  const Screen = SCREENS[choice.show]
  return (
    <div className="admin-page" data-page="admin" data-role={role ?? undefined}>
      <h1>{t.t('admin.title')}</h1>
      <nav className="admin-tabs" aria-label={t.t('admin.sections')}>
        <ul>
          {sectionsFor(role).map((name) => (
            <li key={name}>
              <NavLink to={paths.admin.to(name)} className="admin-tab" data-tab={name}>
                {t.t(`admin.section.${name}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<PageLoading />}>
        <Screen />
      </Suspense>
    </div>
  )
}
