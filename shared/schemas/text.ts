import { z } from 'zod';
import {
  foldMultiline,
  foldOneLine,
  HIDDEN_CHARACTERS,
  HIDDEN_CHARACTERS_MESSAGE,
  hasForbiddenCharacters,
} from '../text-rule';

/**
 * The zod side of the typed-text rule (shared/text-rule.ts says what it refuses and why). Every stored field a person
 * types goes through one of these, on the server and in the browser form alike.
 */

const refusal = {
  message: HIDDEN_CHARACTERS_MESSAGE,
  params: { reason: HIDDEN_CHARACTERS },
  // The length checks after it would only repeat the complaint about the same field.
  abort: true,
};

/**
 * A one-line text a person types (a name, a competition, a heat): refused with hidden controls, NFC-normalised,
 * pasted tabs and line breaks as spaces, without direction marks, trimmed, then `min`–`max` characters long.
 */
export function personText(limits: { min?: number; max: number }) {
  return z
    .string()
    .refine((value) => !hasForbiddenCharacters(value), refusal)
    .overwrite(foldOneLine)
    .trim()
    .min(limits.min ?? 0)
    .max(limits.max);
}

/** A multi-line text (a note, a message): as personText, but line breaks stay (as `\n`) and so do direction marks. */
export function multilineText(limits: { max: number }) {
  return z
    .string()
    .refine((value) => !hasForbiddenCharacters(value), refusal)
    .overwrite(foldMultiline)
    .trim()
    .max(limits.max);
}
