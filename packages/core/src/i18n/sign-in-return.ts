/**
 * The words of the sign-in return page (`/widgets/sign-in-return.js`, design section 10), which a partner
 * hosts on its own origin: a catalog of its own, Arabic first, so that page loads these few plain strings and
 * not the shared catalogs. Plain text, no ICU arguments.
 */
import type { Language } from './index.ts'

/** A message of the return page. */
export type SignInReturnMessage = 'title' | 'done' | 'failed' | 'cancelled' | 'unclaimed'

/** The return page's words in each language. */
export const SIGN_IN_RETURN_MESSAGES: Record<Language, Record<SignInReturnMessage, string>> = {
  ar: {
    title: 'تسجيل الدخول إلى مشورة',
    done: 'تم تسجيل دخولك. عُد إلى الصفحة التي بدأت منها؛ يمكنك إغلاق هذه النافذة.',
    failed: 'لم يكتمل تسجيل الدخول. عُد إلى الصفحة التي بدأت منها وحاول مرة أخرى.',
    cancelled: 'ألغيت تسجيل الدخول. يمكنك إغلاق هذه النافذة.',
    unclaimed:
      'لم تكن أي صفحة من هذا الموقع تنتظر تسجيل الدخول هذا، فلم يُسجَّل دخولك فيه. إن لم تبدأ أنت تسجيل الدخول هنا فأغلق هذه النافذة.',
  },
  en: {
    title: 'Sign in to Mashura',
    done: 'You are signed in. Go back to the page you started from; you can close this window.',
    failed: 'Signing in did not complete. Go back to the page you started from and try again.',
    cancelled: 'You cancelled signing in. You can close this window.',
    unclaimed:
      'No page of this site was waiting for this sign-in, so you were not signed in here. If you did not start signing in here yourself, close this window.',
  },
}
