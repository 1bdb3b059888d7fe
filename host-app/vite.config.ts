import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { precompileMessages } from '../scripts/precompile-messages.ts'

/**
 * Builds the agency's site into `host-app/dist`, which the reference server serves at `/`. Every route is
 * its own chunk (React Router's `lazy`), so the first load carries only the shell and the page asked for.
 * The manifest (`dist/.vite/manifest.json`) tells the server each page's chunk and styles to preload.
 *
 * `vite build --ssr src/entry-server.tsx` builds the server's renderer of the public pages into
 * `host-app/dist-server` (issue 15), with core and the widgets bundled in and React left to node_modules.
 */
const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * The site's font (Fontsource's IBM Plex Sans Arabic) with `font-display: optional` instead of its `swap`:
 * a face that has not arrived by the first paint is not swapped in later, so text never jumps (the profile
 * measured CLS 0.09 from that swap once the page painted before the fonts came; issue 15). A first visit on
 * a slow connection reads in the system's font; the face is cached for the next page load.
 */
function fontsWithoutLateSwap(): Plugin {
  return {
    name: 'mashura-fonts-without-late-swap',
    transform(code, id) {
      if (!/@fontsource\/ibm-plex-sans-arabic\/\d+\.css$/.test(id)) return null
      return { code: code.replaceAll('font-display: swap', 'font-display: optional'), map: null }
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [
    react(),
    fontsWithoutLateSwap(),
    precompileMessages({ usedIn: [`${root}src`, `${root}../widgets/src`, `${root}../packages/core/src`] }),
  ],
  logLevel: 'warn',
  ssr: { noExternal: [/^@mashura\//] },
  build: isSsrBuild
    ? { outDir: `${root}dist-server`, emptyOutDir: true, target: 'node22', copyPublicDir: false }
    : { outDir: `${root}dist`, emptyOutDir: true, target: 'es2022', assetsInlineLimit: 0, manifest: true },
}))
