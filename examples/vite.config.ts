import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// Serves the examples against core's TypeScript source, so edits show at once.
export default defineConfig({
  resolve: {
    alias: { '@mashura/core': fileURLToPath(new URL('../packages/core/src/index.ts', import.meta.url)) },
  },
})
