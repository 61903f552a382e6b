/**
 * The layers of docs/ARCHITECTURE.md, checked on every `npm test` (`npm run lint:layers`). A request goes
 * route → service → repository; presenters shape answers; storage, db and media are the bottom. Arrows only point
 * down, and nothing goes round in a circle. Type-only imports carry no code and are allowed across layers where noted.
 */

/**
 * A rule that files under `from` never import files under `to`. `typesToo` forbids type-only imports as well (where
 * even a type would tie the two sides together); `except` names files under `from` the rule leaves out.
 */
function forbid(name, { from, to, except, typesToo = false, comment }) {
  return {
    name,
    severity: 'error',
    ...(comment ? { comment } : {}),
    from: except ? { path: from, pathNot: except } : { path: from },
    to: typesToo ? { path: to } : { path: to, dependencyTypesNot: ['type-only'] },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle has no bottom: neither side can be understood, tested or moved alone. A circle closed only by a ' +
        'type import runs no code in a loop and is allowed.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    forbid('routes-use-services', {
      from: '^server/routes/',
      to: '^server/(repositories|db|storage)/',
      comment: 'A route validates, authorises, calls one service and presents; queries and bytes belong below it.',
    }),
    forbid('services-know-no-http', {
      from: '^server/services/',
      to: ['^server/(routes|plugins|presenters)/', '^node_modules/fastify/'],
      comment: 'Services return records and throw AppErrors; HTTP, answers and their shapes are the layers above.',
    }),
    forbid('repositories-below-services', {
      from: '^server/repositories/',
      to: '^server/(services|routes|plugins|presenters)/',
    }),
    forbid('bottom-layers-stay-down', {
      from: '^server/(storage|db|media|http)/',
      to: '^server/(services|routes|plugins|presenters|ssr|answers)/',
      comment:
        'Storage, the database, the media pipeline and the HTTP helpers (sending a stored object, its headers) are ' +
        'used from above; they never call back up.',
    }),
    forbid('answers-below-routes-and-pages', {
      from: '^server/answers/',
      to: '^server/(routes|plugins|ssr)/',
      comment: 'An answer (a service call and its presenter) is shared by a route and a server-rendered page.',
    }),
    forbid('presenters-below-routes', { from: '^server/presenters/', to: '^server/(routes|plugins)/' }),
    forbid('ssr-beside-routes', {
      from: '^server/ssr/',
      to: '^server/(routes|plugins)/',
      comment: 'Server rendering asks the same services the API does; it does not reach into routes or plugins.',
    }),
    forbid('one-composition-root', {
      from: '^server/',
      except: ['^server/app\\.ts$', '^server/composition/'],
      to: '^server/composition/',
      comment:
        'Everything is built in server/composition/ and handed down; only the app (and scripts, tests) call it. A ' +
        'route, plugin or service that wants something receives it.',
    }),
    forbid('server-imports-web-types-only', {
      from: '^server/',
      to: '^web/',
      comment: 'The server loads the web build at run time; from web/ it may import only types.',
    }),
    forbid('web-never-imports-server', { from: '^web/', to: '^server/', typesToo: true }),
    forbid('web-components-below-pages', {
      from: '^web/(components|hooks|api|i18n)/',
      to: '^web/(pages/|routes\\.tsx$)',
      comment: 'Components and hooks are the building blocks pages use; they never import a page or the route table.',
    }),
    {
      ...forbid('pages-stay-in-their-room', {
        from: '^web/pages/([^/]+)/',
        to: '^web/pages/',
        comment: 'What two pages share goes to web/components (or hooks), not from one page folder into another.',
      }),
      to: { path: '^web/pages/', pathNot: '^web/pages/$1/', dependencyTypesNot: ['type-only'] },
    },
    forbid('shared-imports-neither-side', { from: '^shared/', to: '^(server|web)/', typesToo: true }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^server/test/', '^e2e/', '^bench/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
