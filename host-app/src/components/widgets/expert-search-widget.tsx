import { ExpertSearch, type ExpertSearchProps, expertSearchSheet, ShadowHost } from '@mashura/widgets/react'
import { type SiteConfig, useSiteConfig, useWidgetSeed } from './site-config.ts'

/** The expert-search widget in the site. */
export function ExpertSearchWidget(props: Omit<ExpertSearchProps, SiteConfig>) {
  return (
    <ShadowHost
      widget="expert-search"
      css={expertSearchSheet}
      drawOnServer
      // What the list page's script without the app needs to hydrate it (islands/expert-search.tsx).
      drawnProps={{ role: props.role, subject: props.subject, query: props.query }}
    >
      <ExpertSearch {...useSiteConfig()} seed={useWidgetSeed()} {...props} />
    </ShadowHost>
  )
}
