import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// Builds the examples against core's TypeScript source; relative asset paths so
// the same build works at `/`, `/redirectauth` and `/examples/`.
export default defineConfig({
  base: './',
  resolve: {
    alias: { '@mashura/core': fileURLToPath(new URL('../packages/core/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'rating-landing': fileURLToPath(new URL('./rating-landing.html', import.meta.url)),
        'partner-portal': fileURLToPath(new URL('./partner-portal.html', import.meta.url)),
        'sign-in-return': fileURLToPath(new URL('./sign-in-return.html', import.meta.url)),
      },
      // The landing page and the partner portal load the widgets the way a partner would: from /widgets/ at run time.
      external: [/^\/widgets\//],
    },
  },
})
