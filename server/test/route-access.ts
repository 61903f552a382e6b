import type { SessionUser } from '../../shared/schemas/session';

/**
 * The authorization matrix: one row for every route the server registers, with what each kind of visitor may do.
 * server/test/authorization-matrix.test.ts lists the registered routes, fails when one has no row here, and checks
 * every expectation with real sessions.
 *
 * Key: `'<METHOD> <url pattern as registered>'`, e.g. `'GET /api/media/:id'` (HEAD routes Fastify adds for GET
 * are covered by the GET row).
 *
 * Value: a shorthand, or an object for routes whose answer depends on whose resource it is:
 *   PUBLIC       everyone, signed in or not
 *   SIGNED_IN    client A, client B and the admin; not anonymous visitors nor a revoked session
 *   ADMIN_ONLY   the admin only
 *   { access: { anonymous, clientA, clientB, admin, revoked }, url?: (who) => '/api/…', body?: {…} }
 *     `url` fills the pattern with real values, e.g. `(who) => \`/api/folders/${who.clientA.folder}\`` for a route
 *     that only client A (and the admin) may use; without it every `:param` and `*` becomes `x`.
 *
 * 'allow' means the route did not refuse the visitor: any answer except 401 `unauthenticated` and
 * 403 `unauthorized` (a 400 for the empty test body still counts as allowed). 'deny' means one of those two.
 *
 * Adding a route is one line, for example:
 *   'DELETE /api/admin/media/:id': ADMIN_ONLY,
 */
export type Outcome = 'allow' | 'deny';
export type Identity = 'anonymous' | 'clientA' | 'clientB' | 'admin' | 'revoked';
export type AccessRow = {
  access: Record<Identity, Outcome>;
  url?: (who: Record<'clientA' | 'clientB' | 'admin', SessionUser>) => string;
  body?: unknown;
};

export const PUBLIC: AccessRow = {
  access: { anonymous: 'allow', clientA: 'allow', clientB: 'allow', admin: 'allow', revoked: 'allow' },
};
export const SIGNED_IN: AccessRow = {
  access: { anonymous: 'deny', clientA: 'allow', clientB: 'allow', admin: 'allow', revoked: 'deny' },
};
export const ADMIN_ONLY: AccessRow = {
  access: { anonymous: 'deny', clientA: 'deny', clientB: 'deny', admin: 'allow', revoked: 'deny' },
};

export const ROUTE_ACCESS: Record<string, AccessRow> = {
  // The built web app and its static files.
  'GET /': PUBLIC,
  'GET /*': PUBLIC,
  'GET /api/health': PUBLIC,
  'GET /api/session': PUBLIC,

  // Accounts (server/routes/auth).
  'POST /api/auth/sign-up': PUBLIC,
  'POST /api/auth/sign-in': PUBLIC,
  'POST /api/auth/sign-out': PUBLIC,
  'POST /api/auth/change-password': SIGNED_IN,
  'POST /api/auth/forgot-password': PUBLIC,
  'POST /api/auth/reset-password/verify': PUBLIC,
  'POST /api/auth/reset-password/link': PUBLIC,
  'POST /api/auth/reset-password/code': PUBLIC,

  // Site settings and the booking terms (server/routes/site, server/routes/agreements).
  'GET /api/site': PUBLIC,
  'GET /api/agreements/current': PUBLIC,
  'POST /api/agreements': SIGNED_IN,
  'GET /api/admin/agreements': ADMIN_ONLY,
  'GET /api/admin/agreements.csv': ADMIN_ONLY,

  // Galleries (server/routes/gallery): the public main gallery, and each user's own folder only.
  'GET /api/gallery': PUBLIC,
  'GET /api/me/gallery': SIGNED_IN,
  'GET /api/me/gallery/archive': SIGNED_IN,

  // Media bytes and the home page (server/routes/media, server/routes/home). The route is open; each item decides:
  // main-gallery items are public, private ones need a signed URL or the owner's or admin's session
  // (server/routes/media/media-routes.test.ts checks every case).
  'GET /media/:id/:file': PUBLIC,
  // The original as an attachment: open like /media, but a private item answers 404 to anyone not allowed
  // (server/routes/media/download.test.ts checks every case).
  'GET /api/media/:id/download': PUBLIC,
  'GET /api/home': PUBLIC,

  // The admin panel (server/routes/admin) and the tus upload endpoint (server/uploads): the admin only.
  'GET /api/admin/folders': ADMIN_ONLY,
  'GET /api/admin/folders/:folder/media': ADMIN_ONLY,
  'POST /api/admin/folders/:folder/fix-metadata': ADMIN_ONLY,
  'POST /api/admin/folders/:folder/notify': ADMIN_ONLY,
  'DELETE /api/admin/media/:id': ADMIN_ONLY,
  'GET /api/admin/trash': ADMIN_ONLY,
  'POST /api/admin/trash/:id/restore': ADMIN_ONLY,
  'PUT /api/admin/main-gallery/order': ADMIN_ONLY,
  'GET /api/admin/home-picks': ADMIN_ONLY,
  'PUT /api/admin/home-picks': ADMIN_ONLY,
  'POST /api/uploads': ADMIN_ONLY,
  'GET /api/uploads/:id': ADMIN_ONLY,
  'PATCH /api/uploads/:id': ADMIN_ONLY,
  'DELETE /api/uploads/:id': ADMIN_ONLY,

  // The storage-style API of spec §7 (server/routes/storage).
  'GET /api/storage/o': ADMIN_ONLY,
  'GET /api/storage/o/:path': ADMIN_ONLY,
  'PATCH /api/storage/o/:path': ADMIN_ONLY,
  'DELETE /api/storage/o/:path': ADMIN_ONLY,
};
