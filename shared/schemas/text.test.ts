import { describe, expect, it } from 'vitest';
import { HIDDEN_CHARACTERS, isHiddenCharactersProblem } from '../text-rule';
import { multilineText, personText } from './text';

const oneLine = personText({ min: 2, max: 20 });
const note = multilineText({ max: 40 });

describe('the text rule of typed fields', () => {
  it.each([
    ['a right-to-left override', 'Rider \u202Eevil'],
    ['a left-to-right override', 'Rider \u202Devil'],
    ['an embedding', '\u202Aembedded'],
    ['a pop of a formatting', 'popped\u202C'],
    ['an isolate', 'isolate\u2067x'],
    ['a pop of an isolate', 'x\u2069y'],
    ['a bell', 'bell\u0007'],
    ['a NUL', 'nul\u0000x'],
    ['an escape', 'esc\u001B[31m'],
    ['a delete', 'del\u007Fx'],
    ['a C1 next-line', 'c1\u0085x'],
  ])('refuses %s in one-line and multi-line fields, saying why', (_what, value) => {
    for (const schema of [oneLine, note]) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      const issue = result.error?.issues[0];
      expect(result.error?.issues).toHaveLength(1);
      expect(issue?.message).toMatch(/hidden control characters/);
      expect(issue && isHiddenCharactersProblem(issue)).toBe(true);
    }
  });

  it.each([
    ['NFC-normalised', 'Chloe\u0301 Dupont', 'Chloé Dupont'],
    ['pasted tabs and line breaks as one space', ' דנה\tכהן\r\n', 'דנה כהן'],
    ['a pasted tab and the spaces beside it as one space', 'Chloe\u0301 \tCohen', 'Chloé Cohen'],
    ['spaces typed twice kept', 'Noa  Levi', 'Noa  Levi'],
    ['a line and a paragraph separator as a space', 'Noa\u2028Levi\u2029', 'Noa Levi'],
    ['without direction marks (LRM, RLM, ALM)', '\u200Fנועה\u200E 12\u061C', 'נועה 12'],
    ['joiners kept (an emoji sequence)', 'Noa 👩\u200D👧', 'Noa 👩\u200D👧'],
    ['Hebrew, Arabic and Cyrillic as typed', 'נועה · نور · Ната', 'נועה · نور · Ната'],
  ])('keeps a one-line text %s', (_what, value, stored) => {
    expect(oneLine.parse(value)).toBe(stored);
  });

  it.each([
    ['line breaks kept as \\n', 'first line\r\nsecond\rthird\u2028', 'first line\nsecond\nthird'],
    ['tabs as spaces', 'a\tb \t c', 'a b c'],
    ['direction marks kept', 'פרס 1st\u200F.', 'פרס 1st\u200F.'],
  ])('keeps a multi-line text with %s', (_what, value, stored) => {
    expect(note.parse(value)).toBe(stored);
  });

  it('checks the length after cleaning, and only the length when the characters are fine', () => {
    expect(oneLine.safeParse(' a\t').success).toBe(false);
    expect(oneLine.safeParse('x'.repeat(21)).success).toBe(false);
    const short = oneLine.safeParse('a');
    expect(short.error?.issues.map((issue) => isHiddenCharactersProblem(issue))).toEqual([false]);
    expect(note.parse('')).toBe('');
  });

  it('recognises the refusal as the server reports it in a field error', () => {
    expect(isHiddenCharactersProblem({ reason: HIDDEN_CHARACTERS })).toBe(true);
    expect(isHiddenCharactersProblem({ reason: 'too-long' })).toBe(false);
    expect(isHiddenCharactersProblem({})).toBe(false);
  });
});
