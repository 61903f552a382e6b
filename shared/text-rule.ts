/**
 * The rule for the text people type that the site stores and shows to others: names (an account's, a client's, a
 * rider's, a horse's, an event's), booking fields, notes and messages. The zod helpers that apply it to a field are in
 * shared/schemas/text.ts; this file holds what the browser needs without zod (the main bundle stays without it).
 *
 * - Refused: the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). They reorder what
 *   follows them, so "Rider \u202Eevil" is shown as "Rider live": a name could pose as another. Nobody means to type
 *   them, and removing them would store something other than what was sent, so the field is refused, saying why.
 * - Refused: every other control character (C0, DEL, C1: a bell, an escape, NEL), except the whitespace a paste
 *   brings: a tab becomes a space; a line break becomes a space in a one-line field and stays (as `\n`) in a
 *   multi-line one.
 * - Never refused: the direction marks LRM, RLM and ALM (U+200E, U+200F, U+061C). Hebrew and Arabic keyboards and text
 *   pasted from chats carry them; they are invisible and cannot reorder letters (they only place the punctuation
 *   beside them), so refusing them would give an honest writer an error about nothing they can see. A one-line name
 *   never needs them (names are shown isolated, shared/bidi.ts), so they are removed there, as the start-list import
 *   removes them, and two spellings of one name stay one; multi-line text keeps them, where they place the punctuation
 *   of a sentence that mixes directions.
 */

/** The reason of a refusal by this rule: zod's `params.reason`, and `details.fields[].reason` in the server's answer. */
export const HIDDEN_CHARACTERS = 'hidden-characters';

export const HIDDEN_CHARACTERS_MESSAGE =
  'This text contains hidden control characters (such as direction overrides). Type it again instead of pasting it.';

/** Bidi controls, and control characters other than tab, line feed and carriage return. */
const FORBIDDEN = /[\u202A-\u202E\u2066-\u2069]|(?![\t\n\r])\p{Cc}/u;
const LINE_BREAK = /\r\n?|[\n\u2028\u2029]/gu;
/**
 * Runs of spaces, tabs and line breaks. A run holding a tab or a line break was pasted and becomes one space ("Dana
 * \tCohen" is "Dana Cohen"); spaces alone stay as typed. One class repeated, so a long run costs one pass.
 */
const BLANK_RUN = /[ \t\r\n\u2028\u2029]+/gu;
const SPACE_OR_TAB_RUN = /[ \t]+/gu;
const foldRun = (run: string) => (/[^ ]/u.test(run) ? ' ' : run);
const DIRECTION_MARKS = /[\u200E\u200F\u061C]/gu;

/** Whether `value` has a character the rule refuses (in a field of either kind). */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN.test(value);
}

/** A one-line text as stored (before trimming): NFC, pasted tabs and line breaks as one space, no direction marks. */
export function foldOneLine(value: string): string {
  return value.normalize('NFC').replace(BLANK_RUN, foldRun).replace(DIRECTION_MARKS, '');
}

/** A multi-line text as stored (before trimming): NFC, every line break as `\n`, a pasted tab as one space. */
export function foldMultiline(value: string): string {
  return value.normalize('NFC').replace(LINE_BREAK, '\n').replace(SPACE_OR_TAB_RUN, foldRun);
}

/** Whether a zod issue (in the browser) or a field error of the server's answer is this rule's refusal. */
export function isHiddenCharactersProblem(problem: object): boolean {
  const { reason, params } = problem as { reason?: unknown; params?: { reason?: unknown } };
  return reason === HIDDEN_CHARACTERS || params?.reason === HIDDEN_CHARACTERS;
}
