import { describe, expect, it } from 'vitest';
import { cleanDisplayName } from './display-name';

describe('display names', () => {
  it('stores the name as typed after NFC normalisation, with pasted line breaks and tabs as a space', () => {
    const decomposed = 'Chloe\u0301 Dupont';
    expect(cleanDisplayName(decomposed)).toBe('Chloé Dupont');
    expect(cleanDisplayName(' דנה\tכהן\n')).toBe('דנה כהן');
    expect(cleanDisplayName('  ')).toBeNull();
    expect(cleanDisplayName(undefined)).toBeNull();
  });

  it('refuses control and bidi-override characters', () => {
    expect(cleanDisplayName('evil\u202Egnp.exe')).toBe('invalid');
    expect(cleanDisplayName('isolate\u2067x')).toBe('invalid');
    expect(cleanDisplayName('bell\u0007')).toBe('invalid');
    expect(cleanDisplayName('c1\u0085')).toBe('invalid');
  });
});
