import { AdminPage } from '../../features/admin/components/admin-page.tsx'

/** `/admin/{section}`: the back office, for admins and analysts (issue 33); its own chunk. */
export default function AdminRoute() {
  return <AdminPage />
}
