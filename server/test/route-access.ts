import type { SessionUser } from '../../shared/schemas/session';

/**
 * The authorization matrix: one row for every route the server registers, with what each kind of visitor may do.
 * server/test/authorization-matrix.test.ts lists the registered routes, fails when one has no row here, and checks
 * every expectation with real sessions, once with the row's query and once with an invalid one (an anonymous visitor
 * must be refused before the query is even read); any 5xx fails the test.
 *
 * Key: `'<METHOD> <url pattern as registered>'`, e.g. `'GET /api/media/:id'` (HEAD routes Fastify adds for GET
 * are covered by the GET row).
 *
 * The identities:
 *   anonymous   no session
 *   clientA     a verified client, owner of a private photo (`who.photoA`)
 *   clientB     another verified client
 *   admin       the photographer
 *   revoked     a signed-out session's cookie
 *   unverified  signed up, address not proven
 *   invited     signed up with the address of a client the photographer invited and uploaded for, not proven
 *   lookalike   verified, with an address that the seed's folder rule maps to clientA's folder name
 *
 * Value: a shorthand, or an object for routes whose answer depends on whose resource it is:
 *   PUBLIC       everyone, signed in or not
 *   SIGNED_IN    every live session, proven address or not
 *   VERIFIED     every live session with a proven address (the others get 403 `email-not-verified`)
 *   ADMIN_ONLY   the admin only
 *   { access: { anonymous, clientA, … }, url?: (who) => '/api/…', body?: {…} }
 *     `url` fills the pattern with real values, e.g. `(who) => \`/media/${who.photoA}/original\``; without it every
 *     `:param` and `*` becomes `x`.
 *
 * Outcomes: 'deny' means 401 `unauthenticated`, 403 `unauthorized` or 403 `email-not-verified`; 'hidden' means the
 * 404 of an id that does not exist (`object-not-found`); 'allow' is any other answer (a 400 for the empty test body
 * still counts as allowed).
 *
 * Adding a route is one line, for example:
 *   'DELETE /api/admin/media/:id': ADMIN_ONLY,
 */
export type Outcome = 'allow' | 'deny' | 'hidden';
export const IDENTITIES = [
  'anonymous',
  'clientA',
  'clientB',
  'admin',
  'revoked',
  'unverified',
  'invited',
  'lookalike',
] as const;
export type Identity = (typeof IDENTITIES)[number];
/** The users behind the sessions, and the ids of the resources rows may point at. */
export interface MatrixFixtures {
  users: Record<'clientA' | 'clientB' | 'admin', SessionUser>;
  /** A ready photo in clientA's private gallery. */
  photoA: string;
  /** One of its derivative file names. */
  photoAFile: string;
}
export type AccessRow = {
  access: Record<Identity, Outcome>;
  url?: (who: MatrixFixtures) => string;
  body?: unknown;
};

const row = (outcomes: Record<Identity, Outcome>): AccessRow => ({ access: outcomes });

export const PUBLIC = row({
  anonymous: 'allow',
  clientA: 'allow',
  clientB: 'allow',
  admin: 'allow',
  revoked: 'allow',
  unverified: 'allow',
  invited: 'allow',
  lookalike: 'allow',
});
export const SIGNED_IN = row({ ...PUBLIC.access, anonymous: 'deny', revoked: 'deny' });
export const VERIFIED = row({ ...SIGNED_IN.access, unverified: 'deny', invited: 'deny' });
export const ADMIN_ONLY = row({
  anonymous: 'deny',
  clientA: 'deny',
  clientB: 'deny',
  admin: 'allow',
  revoked: 'deny',
  unverified: 'deny',
  invited: 'deny',
  lookalike: 'deny',
});
/** A private item of clientA: its owner and the admin read it; unproven accounts are told to verify; others see a 404. */
const PRIVATE_OF_A = {
  anonymous: 'hidden',
  clientA: 'allow',
  clientB: 'hidden',
  admin: 'allow',
  revoked: 'hidden',
  unverified: 'deny',
  invited: 'deny',
  lookalike: 'hidden',
} as const satisfies Record<Identity, Outcome>;

export const ROUTE_ACCESS: Record<string, AccessRow> = {
  // The built web app and its static files.
  'GET /': PUBLIC,
  'GET /gallery': PUBLIC,
  'GET /contact': PUBLIC,
  'GET /events': PUBLIC,
  'GET /events/:slug': PUBLIC,
  'GET /*': PUBLIC,
  'GET /robots.txt': PUBLIC,
  'GET /sitemap.xml': PUBLIC,
  'GET /social-card.jpg': PUBLIC,
  // The admin's web app manifest names no one: like any manifest, a browser fetches it without credentials.
  'GET /admin.webmanifest': PUBLIC,
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
  'POST /api/auth/verify-email': PUBLIC,
  'POST /api/auth/verification-email': SIGNED_IN,
  'POST /api/auth/invitation/verify': PUBLIC,
  'POST /api/auth/invitation/accept': PUBLIC,

  // Site settings and the booking terms (server/routes/site, server/routes/agreements).
  'GET /api/site': PUBLIC,
  'GET /api/agreements/current': PUBLIC,
  'POST /api/agreements': VERIFIED,
  'GET /api/admin/agreements': ADMIN_ONLY,
  'GET /api/admin/agreements.csv': ADMIN_ONLY,
  'PUT /api/admin/contact-details': ADMIN_ONLY,
  // Booking requests and the photographer's notices (server/routes/booking).
  'POST /api/bookings': VERIFIED,
  'GET /api/me/bookings': SIGNED_IN,
  'GET /api/admin/bookings': ADMIN_ONLY,
  'PATCH /api/admin/bookings/:id': ADMIN_ONLY,
  'GET /api/admin/notices': ADMIN_ONLY,
  'GET /api/admin/today': ADMIN_ONLY,
  'POST /api/admin/notices/:kind/seen': ADMIN_ONLY,

  // Galleries (server/routes/galleries): the public main gallery, and each user's own folder only.
  'GET /api/gallery': PUBLIC,
  'GET /api/me/gallery': VERIFIED,
  'GET /api/me/gallery/archive': VERIFIED,
  'GET /api/me/orders/:id/archive': VERIFIED,

  // Proofing (server/routes/proofing): each verified client's own picks and orders only;
  // server/routes/proofing/proofing.test.ts checks whose, and what a proofing client may not receive.
  'GET /api/me/picks': VERIFIED,
  'PUT /api/me/picks/:mediaId': VERIFIED,
  'DELETE /api/me/picks/:mediaId': VERIFIED,
  'GET /api/me/picks/items': VERIFIED,
  'POST /api/me/orders': VERIFIED,
  'GET /api/me/orders': VERIFIED,
  'POST /api/me/orders/:id/payment-report': VERIFIED,
  // A receipt's page: its owner and the admin; server/routes/proofing/receipts.test.ts checks whose.
  'GET /api/me/orders/:id/receipt': VERIFIED,

  // Media bytes (server/routes/media): each item decides through server/services/media/media-access.ts. Here, a private
  // photo of clientA; server/routes/media/*.test.ts check public items, signatures and every file kind.
  'GET /media/:id/:file': { access: PRIVATE_OF_A, url: (who) => `/media/${who.photoA}/${who.photoAFile}` },
  'GET /api/media/:id/download': { access: PRIVATE_OF_A, url: (who) => `/api/media/${who.photoA}/download` },
  'GET /api/home': PUBLIC,

  // Competitions (server/routes/events): public pages and search; server/routes/events/*.test.ts check visibility.
  'GET /api/events': PUBLIC,
  'GET /api/events/:slug': PUBLIC,
  'GET /api/events/:slug/search': PUBLIC,
  'GET /api/events/:slug/entries/:entryId/photos': PUBLIC,
  'GET /api/events/:slug/picks': VERIFIED,
  'PUT /api/events/:slug/picks/:mediaId': VERIFIED,
  'DELETE /api/events/:slug/picks/:mediaId': VERIFIED,
  'POST /api/events/:slug/orders': VERIFIED,
  'POST /api/events/:slug/subscriptions': PUBLIC,
  'GET /api/subscriptions/confirm': PUBLIC,
  'GET /api/subscriptions/unsubscribe': PUBLIC,

  // The admin panel (server/routes/admin) and the tus upload endpoint (server/uploads): the admin only.
  'GET /api/admin/folders': ADMIN_ONLY,
  'GET /api/admin/folders/:folder/media': ADMIN_ONLY,
  'POST /api/admin/folders/:folder/fix-metadata': ADMIN_ONLY,
  'POST /api/admin/folders/:folder/notify': ADMIN_ONLY,
  'GET /api/admin/folders/:folder/photos-ready': ADMIN_ONLY,
  'DELETE /api/admin/media/:id': ADMIN_ONLY,
  'GET /api/admin/trash': ADMIN_ONLY,
  'POST /api/admin/trash/:id/restore': ADMIN_ONLY,
  'GET /api/admin/media/:id/versions': ADMIN_ONLY,
  'POST /api/admin/media/:id/versions/:versionId/restore': ADMIN_ONLY,
  'POST /api/admin/folders/:folder/media/trash': ADMIN_ONLY,
  'POST /api/admin/folders/:folder/media/move': ADMIN_ONLY,
  'POST /api/admin/folders/:folder/media/add-to-main-gallery': ADMIN_ONLY,
  'PUT /api/admin/main-gallery/order': ADMIN_ONLY,
  'GET /api/admin/home-picks': ADMIN_ONLY,
  'PUT /api/admin/home-picks': ADMIN_ONLY,
  'POST /api/admin/api-keys': ADMIN_ONLY,
  'GET /api/admin/api-keys': ADMIN_ONLY,
  'DELETE /api/admin/api-keys/:id': ADMIN_ONLY,
  'POST /api/admin/uploads/known': ADMIN_ONLY,
  'GET /api/admin/clients': ADMIN_ONLY,
  'POST /api/admin/clients': ADMIN_ONLY,
  'PATCH /api/admin/clients/:id': ADMIN_ONLY,
  'POST /api/admin/clients/:id/invitation': ADMIN_ONLY,
  'DELETE /api/admin/clients/:id': ADMIN_ONLY,
  'PUT /api/admin/folders/:folder/owner': ADMIN_ONLY,
  'PATCH /api/admin/folders/:folder': ADMIN_ONLY,
  'GET /api/admin/orders': ADMIN_ONLY,
  'PATCH /api/admin/orders/:id': ADMIN_ONLY,
  'GET /api/admin/orders/:id/archive': ADMIN_ONLY,
  'GET /api/admin/events': ADMIN_ONLY,
  'POST /api/admin/events': ADMIN_ONLY,
  'PATCH /api/admin/events/:id': ADMIN_ONLY,
  'PUT /api/admin/events/:id/start-list': ADMIN_ONLY,
  'GET /api/admin/events/:id/entries': ADMIN_ONLY,
  'PATCH /api/admin/events/:id/entries/:entryId': ADMIN_ONLY,
  'PUT /api/admin/events/:id/classes': ADMIN_ONLY,
  'PUT /api/admin/events/:id/cameras/:camera': ADMIN_ONLY,
  'GET /api/admin/events/:id/photos': ADMIN_ONLY,
  'POST /api/admin/events/:id/assign': ADMIN_ONLY,
  'POST /api/admin/events/:id/auto-assign': ADMIN_ONLY,
  'GET /api/admin/events/:id/review': ADMIN_ONLY,
  'POST /api/admin/events/:id/review/:mediaId': ADMIN_ONLY,
  'GET /api/admin/watermark': ADMIN_ONLY,
  'PUT /api/admin/watermark': ADMIN_ONLY,
  'GET /api/admin/watermark/logo': ADMIN_ONLY,
  'PUT /api/admin/watermark/logo': ADMIN_ONLY,
  'DELETE /api/admin/watermark/logo': ADMIN_ONLY,
  'GET /api/admin/payment-methods': ADMIN_ONLY,
  'PUT /api/admin/payment-methods': ADMIN_ONLY,
  'GET /api/admin/business': ADMIN_ONLY,
  'PUT /api/admin/business': ADMIN_ONLY,
  'GET /api/admin/receipts': ADMIN_ONLY,
  'GET /api/admin/receipts.csv': ADMIN_ONLY,
  'GET /api/admin/receipts/:year/:number': ADMIN_ONLY,
  'POST /api/uploads': ADMIN_ONLY,
  'GET /api/uploads/:id': ADMIN_ONLY,
  'PATCH /api/uploads/:id': ADMIN_ONLY,
  'DELETE /api/uploads/:id': ADMIN_ONLY,

  // The storage-style admin API of the original backend (server/routes/storage).
  'GET /api/storage/o': ADMIN_ONLY,
  'GET /api/storage/o/:path': ADMIN_ONLY,
  'PATCH /api/storage/o/:path': ADMIN_ONLY,
  'DELETE /api/storage/o/:path': ADMIN_ONLY,
};
