import fs from 'node:fs';
import path from 'node:path';
import { serverTranslator } from '../server/i18n/locale-files';
import { ERROR_STATUS, type ErrorCode } from '../shared/error-codes';
import { LANGUAGE_NAMES, LANGUAGES } from '../shared/i18n/languages';
import { ERROR_MESSAGE_KEYS } from '../web/api/error-messages';

/**
 * docs/ERROR-CODES.md, made from the code: every code the server can answer with (shared/error-codes.ts), its HTTP
 * status, when it is raised, and what a person reads for it in each language (the key web/api/error-messages.ts maps
 * it to, read from the locale files). `npm run docs:errors` writes the file; scripts/error-codes-doc.test.ts fails
 * when it is stale, so a new code, status or message cannot land without the document.
 */
export const ERROR_CODES_DOC = path.resolve(import.meta.dirname, '../docs/ERROR-CODES.md');

/** When each code is raised. A code added to ERROR_STATUS without a line here fails the typecheck. */
const WHEN: Record<ErrorCode, string> = {
  'invalid-argument':
    'A field, query or path is missing or not valid (the fields are named in `details.fields`); also a refused upload: no declared length, bad metadata, an unknown target folder.',
  'invalid-json': 'The request body is not JSON, or is empty where JSON is expected.',
  'invalid-email': 'Sign-up or an address change with an e-mail address that is not valid.',
  'weak-password': 'A new password shorter than 6 characters or too common.',
  'invalid-code': 'A wrong 6-digit reset code.',
  'expired-code': 'A reset code that has expired.',
  'invalid-reset-link': 'A reset link that is missing, used or expired.',
  'invalid-credentials': 'Sign-in with a wrong address or password, or a wrong current password when changing it.',
  'email-in-use': 'Sign-up or an address change to an address another account has.',
  'invalid-verification-link': 'An e-mail confirmation link that is used, expired or unknown.',
  'invalid-invitation': 'An invitation link that is used, expired or unknown.',
  'email-not-verified': 'An account that has not confirmed its address asks for anything private.',
  'already-announced':
    'The admin sends the "your photos are ready" e-mail for a gallery whose every item an earlier e-mail announced, without confirming a repeat.',
  'folder-not-empty': 'The admin gives an unowned folder to a client whose own folder already holds media.',
  'site-folder':
    'The admin tries to give a folder the site owns (the main gallery, a competition’s `_event-…` folder, any `_` or `.` name) to a client.',
  'client-has-account': 'The admin invites a client whose account has already confirmed its address.',
  'gallery-empty':
    'A client asks for "Download all" of a gallery that has nothing in it yet, or the admin sends the "your photos are ready" e-mail for a gallery with nothing ready in it.',
  'not-delivered':
    'A client whose gallery is in proofing asks for a clean picture, a download or the ZIP before the order is delivered.',
  'not-proofing': 'Picks or an order for a gallery that is not open for choosing photos.',
  'selection-locked': 'A client changes picks after sending the selection, until that order is settled.',
  'already-delivered': 'A client picks a photo that a delivered order already gave them.',
  'order-not-delivered': 'A client asks for the ZIP of one of their orders before it is delivered.',
  'no-picks': 'A client sends a selection with no photo chosen.',
  'order-transition': 'The admin moves an order to a status it cannot reach from where it is.',
  'order-not-awaiting-payment':
    'A client reports a payment for their order after it was paid, delivered or cancelled (only an unpaid order takes one).',
  'receipt-not-issued':
    'A client (or the admin) asks for the receipt of an order that has none: it has not been marked paid.',
  'selection-changed':
    'A bulk action (trash, move, add to the main gallery) names an item that is no longer a visible item of that folder; nothing is changed.',
  'media-in-order':
    'The admin moves items to another client while an order lists some of them (their ids are in `details.ids`); nothing is moved.',
  'media-not-ready':
    'The admin adds items to the main gallery while some are still processing or failed (their ids are in `details.ids`); nothing is added. Also an edited version for an item still processing or failed, or restoring a version of one.',
  'replace-other-folder':
    'An upload with `replaces` names an item of another folder or event than the one the upload targets (refused when the upload is created, and again when its last byte arrives).',
  'replace-other-type':
    'An edited version whose content is another type than the item it replaces (the item keeps its name, so a JPEG replaces a JPEG); nothing is replaced.',
  'media-trashed':
    'An edited version for an item in the trash, or restoring a version of one (refused when the upload is created, and again when its last byte arrives).',
  'invalid-start-list':
    'The admin imports a competition start list with problems (the first line and reason are in `details`); nothing is imported.',
  'forbidden-origin':
    'A state-changing request (POST, PUT, PATCH, DELETE) whose Origin (or Referer) is not the site itself.',
  unauthenticated: 'Nobody is signed in where an account is needed (the storage API: "User is not authenticated").',
  'quota-exceeded':
    'The storage is full: an upload would pass STORAGE_QUOTA_BYTES (refused when it is created, before a byte is stored).',
  unauthorized: 'A signed-in account without the right: a client on an admin route ("User does not have permission").',
  'not-found': 'No such route, folder, client or order (an unknown `/api/` path included).',
  'object-not-found':
    'No such media item, or one the caller may not see (the storage API: "Object does not exist"); the same answer either way.',
  'method-not-allowed': 'A method the route does not take (e.g. GET on an upload).',
  conflict:
    'Two changes met: a name taken too often, a folder that already has an owner, an object changed while it was updated or read, a delete while the item is still processing.',
  'terms-changed': 'The booking terms changed between showing them and accepting them.',
  'terms-not-accepted': 'A booking request from an account that has not accepted the current booking terms.',
  'payload-too-large': 'A request body or an upload over its size limit.',
  'unsupported-media-type': 'An upload that is not an image or video the site accepts, or an unaccepted content type.',
  'too-many-requests': 'Too many sign-ins, sign-ups, resets, e-mails or agreements from one address or account.',
  'internal-error': 'Anything unexpected on the server; the details go to the log, never to the client.',
  unavailable: 'The mail server did not take an e-mail (invitation, "photos ready").',
  'storage-unavailable':
    'The S3 object store does not answer (refused, timed out, or failing with 5xx) when media bytes are read or written; jobs that need it wait and retry.',
  'database-unavailable':
    'PostgreSQL does not answer (restarting, stopped, unreachable, out of connections): every request that needs it, with Retry-After: 5; the instance reconnects by itself, and `/api/health` answers 503 with `checks.database: "down"` meanwhile.',
  'disk-full':
    "The server's disk is full (ENOSPC or EDQUOT on any write, or the database reports its disk full). An unfinished upload keeps the bytes already written; once space is freed it resumes from that offset.",
};

/** What a person reads for `code` in `language`: the text behind its message key (`ns:dotted.key`). */
export function messageFor(code: ErrorCode, language: (typeof LANGUAGES)[number]): string {
  const key = ERROR_MESSAGE_KEYS[code];
  const [namespace, dotted] = key.split(':');
  if (!namespace || !dotted) throw new Error(`the message key of ${code} (${key}) has no namespace`);
  return serverTranslator(language, namespace)(dotted);
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The whole document. Throws when a code has no message in some language. */
export function renderErrorCodesDoc(): string {
  const codes = Object.keys(ERROR_STATUS) as ErrorCode[];
  const lines = [
    '# Error codes',
    '',
    '<!-- Made by `npm run docs:errors` (scripts/error-codes-doc.ts) from shared/error-codes.ts, web/api/error-messages.ts',
    '     and the locale files. Do not edit by hand: scripts/error-codes-doc.test.ts fails when this file is stale. -->',
    '',
    'Every error the API answers with is `{ "error": { "code", "message", "details"? } }` with one of the codes below.',
    'The `message` in the answer is English, for developers and logs; a person reads the translated text of the code',
    'instead (the account pages word the account codes in their own way). The storage codes of the original backend',
    '(`object-not-found`, `unauthenticated`, `unauthorized`, `quota-exceeded`, `invalid-argument`, …) keep their',
    'meaning, so tools written against it keep working.',
    '',
    '| code | HTTP | when |',
    '|---|---|---|',
    ...codes.map((code) => `| \`${code}\` | ${ERROR_STATUS[code]} | ${cell(WHEN[code])} |`),
    '',
    '## What a person reads',
    '',
    `| code | ${LANGUAGES.map((language) => `${LANGUAGE_NAMES[language]} (${language})`).join(' | ')} |`,
    `|---|${LANGUAGES.map(() => '---').join('|')}|`,
    ...codes.map(
      (code) => `| \`${code}\` | ${LANGUAGES.map((language) => cell(messageFor(code, language))).join(' | ')} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(ERROR_CODES_DOC, renderErrorCodesDoc());
  console.log(`wrote ${path.relative(process.cwd(), ERROR_CODES_DOC)}`);
}
