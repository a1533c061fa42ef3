/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_PRODUCT?: string;
  readonly VITE_GATEWAY_ORIGINS?: string;
  readonly VITE_ALLOW_LOCAL_GATEWAY?: string;
  readonly VITE_COLLECTIONS_URL?: string;
  readonly VITE_COLLECTIONS_ORIGINS?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SUPPORT_PHONE?: string;
  readonly VITE_REQUEST_TIMEOUT_MS?: string;
  /** QA's inspector: '1' (our page) or 'stately' connects every build's actors; 'off' turns ?inspect and /__inspector off. */
  readonly VITE_INSPECT?: string;
}
