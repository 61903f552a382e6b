/**
 * The app's libraries, which web/boot.ts evaluates in a task of its own before the app: evaluated with it, in one
 * go, they made the longest task of a page's start, during which a tap waits. Re-exported, so the bundler keeps
 * them in the chunks this module shares with the app. (React in a task of its own as well split these chunks
 * further: four more requests and 0.5 KB more on a first visit.)
 */
export { QueryClient } from '@tanstack/react-query';
export { default as i18next } from 'i18next';
export { createElement } from 'react';
export { hydrateRoot } from 'react-dom/client';
export { initReactI18next } from 'react-i18next';
export { Router } from 'wouter';
