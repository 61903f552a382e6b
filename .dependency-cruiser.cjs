/**
 * The layers of docs/ARCHITECTURE.md, checked on every `npm test` (`npm run lint:layers`). A request goes
 * route → service → repository; presenters shape answers; storage, db and media are the bottom. Arrows only point
 * down, and nothing goes round in a circle. Type-only imports carry no code and are allowed across layers where noted.
 */
const notTypeOnly = { dependencyTypesNot: ['type-only'] };

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle has no bottom: neither side can be understood, tested or moved alone. A circle closed only by a ' +
        'type import runs no code in a loop and is allowed.',
      from: {},
      to: { circular: true, viaOnly: notTypeOnly },
    },
    {
      name: 'routes-use-services',
      severity: 'error',
      comment: 'A route validates, authorises, calls one service and presents; queries and bytes belong below it.',
      from: { path: '^server/routes/' },
      to: { path: '^server/(repositories|db|storage)/', ...notTypeOnly },
    },
    {
      name: 'services-know-no-http',
      severity: 'error',
      comment: 'Services return records and throw AppErrors; HTTP, answers and their shapes are the layers above.',
      from: { path: '^server/services/' },
      to: { path: ['^server/(routes|plugins|presenters)/', '^node_modules/fastify/'], ...notTypeOnly },
    },
    {
      name: 'repositories-below-services',
      severity: 'error',
      from: { path: '^server/repositories/' },
      to: { path: '^server/(services|routes|plugins|presenters)/', ...notTypeOnly },
    },
    {
      name: 'bottom-layers-stay-down',
      severity: 'error',
      comment:
        'Storage, the database, the media pipeline and the HTTP helpers (sending a stored object, its headers) are ' +
        'used from above; they never call back up.',
      from: { path: '^server/(storage|db|media|http)/' },
      to: { path: '^server/(services|routes|plugins|presenters|ssr|answers)/', ...notTypeOnly },
    },
    {
      name: 'answers-below-routes-and-pages',
      comment: 'An answer (a service call and its presenter) is shared by a route and a server-rendered page.',
      severity: 'error',
      from: { path: '^server/answers/' },
      to: { path: '^server/(routes|plugins|ssr)/', ...notTypeOnly },
    },
    {
      name: 'presenters-below-routes',
      severity: 'error',
      from: { path: '^server/presenters/' },
      to: { path: '^server/(routes|plugins)/', ...notTypeOnly },
    },
    {
      name: 'ssr-beside-routes',
      severity: 'error',
      comment: 'Server rendering asks the same services the API does; it does not reach into routes or plugins.',
      from: { path: '^server/ssr/' },
      to: { path: '^server/(routes|plugins)/', ...notTypeOnly },
    },
    {
      name: 'one-composition-root',
      severity: 'error',
      comment:
        'Everything is built in server/composition/ and handed down; only the app (and scripts, tests) call it. A ' +
        'route, plugin or service that wants something receives it.',
      from: { path: '^server/', pathNot: ['^server/app\\.ts$', '^server/composition/'] },
      to: { path: '^server/composition/', ...notTypeOnly },
    },
    {
      name: 'server-imports-web-types-only',
      severity: 'error',
      comment: 'The server loads the web build at run time; from web/ it may import only types.',
      from: { path: '^server/' },
      to: { path: '^web/', ...notTypeOnly },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'web-components-below-pages',
      severity: 'error',
      comment: 'Components and hooks are the building blocks pages use; they never import a page or the route table.',
      from: { path: '^web/(components|hooks|api|i18n)/' },
      to: { path: '^web/(pages/|routes\\.tsx$)', ...notTypeOnly },
    },
    {
      name: 'pages-stay-in-their-room',
      severity: 'error',
      comment: 'What two pages share goes to web/components (or hooks), not from one page folder into another.',
      from: { path: '^web/pages/([^/]+)/' },
      to: { path: '^web/pages/', pathNot: '^web/pages/$1/', ...notTypeOnly },
    },
    {
      name: 'shared-imports-neither-side',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^server/test/', '^e2e/', '^bench/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
