import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompileMessages } from '../scripts/precompile-messages.ts'

/**
 * Builds the agency's site into `host-app/dist`, which the reference server serves at `/`. Every route is
 * its own chunk (React Router's `lazy`), so the first load carries only the shell and the page asked for.
 */
const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root,
  plugins: [
    react(),
    precompileMessages({ usedIn: [`${root}src`, `${root}../widgets/src`, `${root}../packages/core/src`] }),
  ],
  logLevel: 'warn',
  build: {
    outDir: `${root}dist`,
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
})
