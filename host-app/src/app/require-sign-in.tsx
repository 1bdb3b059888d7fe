import { $signedIn } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { Navigate, Outlet } from 'react-router'

/** Guards the protected routes: a signed-out visitor goes to `/` (spec section 2). */
export function RequireSignIn() {
  const signedIn = useStore($signedIn)
  return signedIn ? <Outlet /> : <Navigate to="/" replace />
}
