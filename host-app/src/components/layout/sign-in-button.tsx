import { useT } from '../../lib/i18n.ts'
import { startSignIn } from '../../lib/session.ts'
import { UserIcon } from './icons.tsx'

/** The signed-out visitor's sign-in button: a full redirect to the sign-in provider that comes back here. */
export function SignInButton() {
  const t = useT()
  return (
    <button type="button" className="button button-primary sign-in-button" onClick={() => void startSignIn()}>
      <UserIcon size={20} />
      <span>{t.t('nav.signIn')}</span>
    </button>
  )
}
