/**
 * The app's other libraries, which web/boot.ts evaluates in a task of their own, after React's
 * (web/app-libraries-react.ts) and before the app: evaluated with it, in one go, they made the longest task of a
 * page's start, during which a tap waits. Re-exported, so the bundler keeps them in the chunks this module shares
 * with the app.
 */
export { QueryClient } from '@tanstack/react-query';
export { default as i18next } from 'i18next';
export { initReactI18next } from 'react-i18next';
export { Router } from 'wouter';
