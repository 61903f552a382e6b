/**
 * Text folding for finding riders, dancers and horses by name. Riders type on phones, often without niqqud,
 * accents or the right final letters, so the index and the query are folded the same way and compared as tokens:
 *  - all scripts: compatibility decomposition (NFKD) and removal of every combining mark — Latin accents, Hebrew
 *    niqqud and cantillation (U+0591–U+05C7), Arabic harakat and the hamza carried by alef (أ إ آ → ا);
 *  - Latin: lower case in the English locale (so "I" is "i", never the Turkish dotless ı) and letters that do not
 *    decompose spelled out (ß → ss, æ → ae, ø → o, …);
 *  - Hebrew: final forms become the ordinary letter (ך ם ן ף ץ → כ מ נ פ צ), so a prefix typed before the word is
 *    complete ("נוע") and the finished word ("נועם") agree with the stored name;
 *  - Arabic: tatweel removed, ى → ي, ة → ه, Arabic-Indic digits → 0–9;
 *  - geresh, gershayim and quote marks are removed inside a word (מס' → מס, O'Brien → obrien); any other character
 *    that is not a letter or digit (space, hyphen, maqaf, dot, …) separates tokens.
 */

/** Letters that NFKD leaves alone but a reader treats as another spelling of the same name. */
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ς: 'σ',
  ך: 'כ',
  ם: 'מ',
  ן: 'נ',
  ף: 'פ',
  ץ: 'צ',
  ى: 'ي',
  ة: 'ه',
  ی: 'ي',
  '٠': '0',
  '١': '1',
  '٢': '2',
  '٣': '3',
  '٤': '4',
  '٥': '5',
  '٦': '6',
  '٧': '7',
  '٨': '8',
  '٩': '9',
  '۰': '0',
  '۱': '1',
  '۲': '2',
  '۳': '3',
  '۴': '4',
  '۵': '5',
  '۶': '6',
  '۷': '7',
  '۸': '8',
  '۹': '9',
};
const LETTER_FOLD_PATTERN = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'gu');

/** Combining marks of every script (niqqud, cantillation, harakat, accents once decomposed). */
const COMBINING_MARKS = /\p{M}/gu;
/**
 * Dropped without splitting the word: apostrophes and quotes (ASCII, typographic, Hebrew geresh ׳ and gershayim ״)
 * and the Arabic tatweel, which only stretches a word.
 */
const JOINING_MARKS = /['"`´‘’‚‛“”„‟׳״ـ]/gu;
/** Everything else that is not a letter or digit separates tokens. */
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/** The folded text: tokens separated by single spaces, no leading or trailing space. */
export function normalizeForSearch(text: string): string {
  // Lower case after decomposing (fullwidth and circled letters decompose to capitals) and before removing marks
  // (lower-casing İ yields i plus a combining dot).
  return text
    .normalize('NFKD')
    .toLocaleLowerCase('en')
    .replace(COMBINING_MARKS, '')
    .replace(LETTER_FOLD_PATTERN, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(JOINING_MARKS, '')
    .replace(SEPARATORS, ' ')
    .trim();
}

/** The folded words of a text, in order, duplicates kept. */
export function searchTokens(text: string): string[] {
  const normalized = normalizeForSearch(text);
  return normalized === '' ? [] : normalized.split(' ');
}
