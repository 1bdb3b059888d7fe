import { RateForm, type RateFormProps, rateFormSheet, ShadowHost } from '@mashura/widgets/react'
import { RATING_PASSPHRASE } from '../../config/env.ts'
import { type SiteConfig, useSiteConfig } from './site-config.ts'

/** The rating form in the site, with the site's rating passphrase. */
export function RateFormWidget(props: Omit<RateFormProps, SiteConfig | 'ratingKey'>) {
  return (
    <ShadowHost widget="rate-form" css={rateFormSheet}>
      <RateForm {...useSiteConfig()} ratingKey={RATING_PASSPHRASE} {...props} />
    </ShadowHost>
  )
}
