import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/**
 * Builds the Zoom page into `widgets/dist/zoom/` (index.html + assets), served by the platform at
 * `/widgets/zoom/`. It runs the Zoom Meeting SDK with its own React 18 (this workspace's node_modules),
 * apart from the widgets' React 19. The widget build (`widgets/vite.config.ts`) runs this build after it
 * has emptied `widgets/dist/`, so the page survives.
 */
const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root,
  base: '/widgets/zoom/',
  // The SDK reads process.env.NODE_ENV through React 18; production drops React's development build.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../widgets/dist/zoom', import.meta.url)),
    emptyOutDir: true,
    // The SDK alone is several megabytes before gzip; the warning says nothing new.
    chunkSizeWarningLimit: 8000,
  },
})
