import { CalendarFeedsSection } from '../../features/calendar-feeds/calendar-feeds-section.tsx'
import { MailPreferencesPage } from '../../features/mail-preferences/mail-preferences-page.tsx'

/**
 * `/mail-preferences`: the signed-in person's mail settings (issue 34), and below them their calendar
 * subscription (issue 36), the two features joined here rather than one importing the other.
 */
export default function MailPreferencesRoute() {
  return (
    <MailPreferencesPage>
      <CalendarFeedsSection />
    </MailPreferencesPage>
  )
}
