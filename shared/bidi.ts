import { directionOf, type Language } from './i18n/languages';

/**
 * First strong isolate … pop directional isolate: a Latin name or a number keeps its own order inside a Hebrew or
 * Arabic sentence (and a Hebrew name inside an English one), whatever surrounds it.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/**
 * Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic, their presentation
 * forms, and the historic right-to-left blocks of the supplementary planes).
 */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/** Whether `value` needs isolating inside a sentence of `language`: only where directions mix. */
export function needsIsolation(language: Language | string, value: string): boolean {
  if (value === '') return false;
  return directionOf(language) === 'rtl' || RIGHT_TO_LEFT.test(value);
}

/**
 * A value to put into a sentence of `language`: isolated in a right-to-left sentence (a Latin name keeps its order in
 * Hebrew or Arabic) and when it holds right-to-left letters (a Hebrew name in English); a Latin value in a
 * left-to-right sentence is left as it is.
 */
export function isolateFor(language: Language | string, value: string): string {
  return needsIsolation(language, value) ? isolate(value) : value;
}
