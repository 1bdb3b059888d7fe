import { FaqPage } from '../../features/faq/faq-page.tsx'

/** `/Faq`: the common questions. */
export default function FaqRoute() {
  return <FaqPage />
}
