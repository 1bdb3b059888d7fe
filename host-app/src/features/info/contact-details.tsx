import type { ContactSettings } from '@mashura/core'
import { useT } from '../../lib/i18n.ts'

/** The digits of an international number, as `wa.me` wants them. */
function digits(number: string): string {
  return number.replace(/\D/g, '')
}

/**
 * The contact channels: mobile (a `tel:` link), e-mail and WhatsApp. Numbers and addresses keep left-to-right
 * order inside Arabic text.
 */
export function ContactDetails({ contact }: { contact: ContactSettings }) {
  const t = useT()
  const channels = [
    { id: 'mobile', label: t.t('contact.mobile'), value: contact.mobile, href: `tel:${contact.mobile}` },
    { id: 'email', label: t.t('contact.email'), value: contact.email, href: `mailto:${contact.email}` },
    {
      id: 'whatsapp',
      label: t.t('contact.whatsapp'),
      value: contact.whatsapp,
      href: `https://wa.me/${digits(contact.whatsapp)}`,
    },
  ].filter((channel) => channel.value)
  return (
    <>
      <p className="muted">{t.t('infoPage.contactLead')}</p>
      <dl className="contact-list">
        {channels.map((channel) => (
          <div key={channel.id} className="contact-item" data-contact={channel.id}>
            <dt>{channel.label}</dt>
            <dd>
              <a
                href={channel.href}
                dir="ltr"
                {...(channel.id === 'whatsapp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {channel.value}
              </a>
            </dd>
          </div>
        ))}
      </dl>
    </>
  )
}
