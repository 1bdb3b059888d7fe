/// <reference types="vite/client" />

/** `VITE_FIREBASE_CONFIG` as the build saw it (host-app/vite.config.ts), or '' without one. */
declare const __MASHURA_FIREBASE_CONFIG__: string
