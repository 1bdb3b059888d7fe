import { $auth, type ContactSettings, getAboutUs, getSettings, getTermsAndConditions } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { PageLoading } from '../../components/ui/page-loading.tsx'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { useApi } from '../../lib/use-api.ts'
import { ContactDetails } from './contact-details.tsx'
import './info.css'

/** The info pages the site has (spec 2): the footer links to contact_us and terms_and_conditions. */
export const INFO_NAMES = ['contact_us', 'terms_and_conditions', 'about'] as const
/** One info page's name. */
export type InfoName = (typeof INFO_NAMES)[number]

/** What an info page shows: a text, or the contact details. */
type InfoContent = { kind: 'text'; text: string } | { kind: 'contact'; contact: ContactSettings }

/**
 * An info page (`/mosnhaatInfo/{infoName}`): about us, the terms (a contributor reads the contributors'
 * own, spec 6) or the contact details, from the settings. Texts are shown as text, never as HTML, with
 * their line breaks kept. A failed load says so and offers a retry.
 */
export function InfoPage({ name }: { name: InfoName }) {
  const t = useT()
  const role = useStore($auth).userRole
  const content = useApi(
    async (signal): Promise<InfoContent> => {
      if (name === 'contact_us')
        return { kind: 'contact', contact: (await getSettings(api, { signal })).data.contact }
      const setting =
        name === 'about'
          ? await getAboutUs(api, { signal })
          : await getTermsAndConditions(api, { role }, { signal })
      return { kind: 'text', text: setting.data.value }
    },
    [name, role, t.lang],
  )
  const title = name === 'about' ? 'about.title' : name === 'contact_us' ? 'contact.title' : 'terms.title'
  const data = content.data
  return (
    <article data-page="info" data-info={name} className="info-page card">
      <h1>{t.t(title)}</h1>
      <div aria-live="polite">
        {content.error && !content.loading ? (
          <div className="empty-state">
            <p>{t.t('infoPage.loadFailed')}</p>
            <button type="button" className="button" onClick={content.reload}>
              {t.t('common.retry')}
            </button>
          </div>
        ) : !data ? (
          <PageLoading />
        ) : data.kind === 'contact' ? (
          <ContactDetails contact={data.contact} />
        ) : (
          <p className="info-text">{data.text}</p>
        )}
      </div>
    </article>
  )
}
