import { ExpertSearch, type ExpertSearchProps, expertSearchSheet, ShadowHost } from '@mashura/widgets/react'
import { type SiteConfig, useSiteConfig, useWidgetSeed } from './site-config.ts'

/** The expert-search widget in the site. */
export function ExpertSearchWidget(props: Omit<ExpertSearchProps, SiteConfig>) {
  return (
    <ShadowHost widget="expert-search" css={expertSearchSheet} drawOnServer>
      <ExpertSearch {...useSiteConfig()} seed={useWidgetSeed()} {...props} />
    </ShadowHost>
  )
}
