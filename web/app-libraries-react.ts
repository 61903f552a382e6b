/**
 * React and its DOM renderer, the largest of the app's libraries: web/boot.ts evaluates them in a task of their own,
 * before the others (web/app-libraries.ts) and the app. Re-exported, so the bundler keeps them in the chunks this
 * module shares with the app.
 */
export { createElement } from 'react';
export { hydrateRoot } from 'react-dom/client';
