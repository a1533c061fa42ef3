/*
 * What libraries get for `use-sync-external-store/shim` (build/pay.ts aliases it here): the hook itself. The
 * shim carries a fallback for React before 18; React 19 and preact/compat have the hook, and the package's
 * own plain entry, which re-exports it too, logs an error on every development load.
 */
export { useSyncExternalStore } from 'react';
