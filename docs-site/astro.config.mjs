// The Mashura docs site: Astro with Starlight, Arabic (the default, right to left, at the root) and English
// (under /en/). Internal links are checked at build time: a broken one fails `astro build`.
import starlight from '@astrojs/starlight'
import { defineConfig } from 'astro/config'
import starlightLinksValidator from 'starlight-links-validator'

export default defineConfig({
  site: process.env.DOCS_SITE_URL || 'http://localhost:4321',
  telemetry: false,
  integrations: [
    starlight({
      title: { ar: 'مشورة للمطوّرين', en: 'Mashura for developers' },
      description:
        'Embed Mashura’s booking, session and rating widgets in your portal, and run the platform yourself.',
      defaultLocale: 'root',
      locales: {
        root: { label: 'العربية', lang: 'ar', dir: 'rtl' },
        en: { label: 'English', lang: 'en' },
      },
      customCss: [
        '@fontsource/ibm-plex-sans-arabic/400.css',
        '@fontsource/ibm-plex-sans-arabic/600.css',
        './src/styles/theme.css',
      ],
      // Each group lists the pages of its folder (both languages have the same folders and file names).
      sidebar: [
        { label: 'ابدأ', translations: { en: 'Start' }, items: [{ slug: 'getting-started' }] },
        {
          label: 'مرجع العناصر',
          translations: { en: 'Widget reference' },
          items: [{ autogenerate: { directory: 'widgets' } }],
        },
        {
          label: 'عروض حيّة',
          translations: { en: 'Live demos' },
          items: [{ autogenerate: { directory: 'demos' } }],
        },
        { label: 'أدلة', translations: { en: 'Guides' }, items: [{ autogenerate: { directory: 'guides' } }] },
        {
          label: 'مرجع الواجهة البرمجية',
          translations: { en: 'API reference' },
          items: [{ autogenerate: { directory: 'api' } }],
        },
        {
          label: 'الاستضافة الذاتية',
          translations: { en: 'Self-hosting' },
          items: [{ autogenerate: { directory: 'self-hosting' } }],
        },
        { label: 'البنية', translations: { en: 'Architecture' }, items: [{ slug: 'architecture' }] },
      ],
      plugins: [starlightLinksValidator({ errorOnLocalLinks: false })],
    }),
  ],
})
