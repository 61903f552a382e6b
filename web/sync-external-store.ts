/**
 * What `use-sync-external-store/shim` resolves to (vite.config.ts): React's own hook. The package's shim carries a
 * fallback for React before 18 into the first visit's scripts, though React here always has the hook.
 */
export { useSyncExternalStore } from 'react';
