import { $auth } from '@mashura/core'
import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { paths } from '../../../config/paths.ts'

/**
 * Guards the expert-only pages (spec 6: dashboard, notifications, chat, recommendations, business owner
 * history): someone acting as a business owner goes to `/`.
 */
export function ContributorOnly({ children }: { children: ReactNode }) {
  const role = useStore($auth).userRole
  return role === 'contributor' ? children : <Navigate to={paths.home.to()} replace />
}
