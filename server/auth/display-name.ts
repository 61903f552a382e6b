import { DISPLAY_NAME_MAX_LENGTH } from '../../shared/schemas/auth';

/** Bidirectional embeddings, overrides and isolates: they can make a name display as something else. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
/** Tab, line feed and carriage return: removed (they arrive from pasted text). Any other control is refused. */
const SOFT_CONTROLS = /[\t\n\r]+/gu;
const CONTROLS = /\p{Cc}/u;

/**
 * Cleans a display name the way it is stored: NFC-normalised, with tabs and line breaks removed, trimmed.
 * Returns null for an empty name and 'invalid' for one carrying other control or bidi-override characters,
 * which is refused rather than silently altered.
 */
export function cleanDisplayName(input: string | undefined): string | null | 'invalid' {
  if (input === undefined) return null;
  if (BIDI_CONTROLS.test(input) || CONTROLS.test(input.replace(SOFT_CONTROLS, ''))) return 'invalid';
  const cleaned = input.normalize('NFC').replace(SOFT_CONTROLS, '').trim();
  if (cleaned.length > DISPLAY_NAME_MAX_LENGTH) return 'invalid';
  return cleaned === '' ? null : cleaned;
}
