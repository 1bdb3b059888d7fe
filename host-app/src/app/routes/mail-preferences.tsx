import { MailPreferencesPage } from '../../features/mail-preferences/mail-preferences-page.tsx'

/** `/mail-preferences`: the signed-in person's mail settings (issue 34). */
export default MailPreferencesPage
