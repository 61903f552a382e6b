import { DISPLAY_NAME_MAX_LENGTH } from '../../shared/schemas/auth';
import { personText } from '../../shared/schemas/text';

/** The typed-text rule every stored name follows (shared/text-rule.ts), at the display name's length. */
const displayName = personText({ max: DISPLAY_NAME_MAX_LENGTH });

/**
 * Cleans a display name the way it is stored, by the rule of every typed name: NFC-normalised, pasted tabs and line
 * breaks as spaces, trimmed. Returns null for an empty name and 'invalid' for one carrying other control or
 * bidi-override characters (refused rather than silently altered) or longer than the limit.
 */
export function cleanDisplayName(input: string | undefined): string | null | 'invalid' {
  if (input === undefined) return null;
  const parsed = displayName.safeParse(input);
  if (!parsed.success) return 'invalid';
  return parsed.data === '' ? null : parsed.data;
}
