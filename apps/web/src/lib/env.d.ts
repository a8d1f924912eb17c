/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Milliseconds each banner stays (default 2500; the spec's second reading is 2000). */
  readonly VITE_BANNER_DELAY_MS?: string;
  /** Milliseconds of the banner transition (default 800; the spec's second reading is 1000). */
  readonly VITE_BANNER_DURATION_MS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
