/**
 * An event's address, /events/<slug>: lower-case Latin letters, digits and hyphens, at most 80 characters. A name in
 * Hebrew, Arabic or Russian is written in Latin letters the way its speakers write it in a web address, so the
 * address reads like the name rather than like its date.
 */

export const SLUG_MAX_LENGTH = 80;
/** What the server takes as an address (eventSlugSchema). */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

export function isValidSlug(slug: string): boolean {
  return SLUG_PATTERN.test(slug);
}

/** "а a б b" → { а: 'a', б: 'b' }; `-` stands for a letter written as nothing. */
function table(pairs: string): Record<string, string> {
  const words = pairs.trim().split(/\s+/);
  const entries: Array<[string, string]> = [];
  for (let i = 0; i + 1 < words.length; i += 2)
    entries.push([words[i] ?? '', words[i + 1] === '-' ? '' : (words[i + 1] ?? '')]);
  return Object.fromEntries(entries);
}

/** Russian (and Ukrainian) as it is usually written in Latin letters in an address. */
const CYRILLIC = table(`
  а a б b в v г g д d е e ё e ж zh з z и i й y к k л l м m н n о o п p р r с s т t у u ф f х kh ц ts ч ch ш sh
  щ shch ъ - ы y ь - э e ю yu я ya і i ї yi є ye ґ g`);

/** Arabic letters without their vowel marks; the long vowels and ta marbuta as their sound. */
const ARABIC = table(`
  ا a أ a إ i آ a ٱ a ب b ت t ث th ج j ح h خ kh د d ذ dh ر r ز z س s ش sh ص s ض d ط t ظ z ع a غ gh ف f ق q ك k
  ل l م m ن n ه h و w ي y ى a ة a ء - ئ - ؤ - پ p چ ch گ g ٠ 0 ١ 1 ٢ 2 ٣ 3 ٤ 4 ٥ 5 ٦ 6 ٧ 7 ٨ 8 ٩ 9`);

/** Hebrew consonants as Israelis write them in Latin letters, without the vowels the script leaves out. */
const HEBREW = table(`
  ב v ג g ד d ה h ז z ח ch ט t כ k ך ch ל l מ m ם m נ n ן n ס s פ f ף f צ tz ץ tz ק k ר r ש sh ת t`);
/** A letter with a geresh: the sounds Hebrew borrowed (ג׳ינס, צ׳יפס). */
const WITH_GERESH: Record<string, string> = { ג: 'j', ז: 'zh', צ: 'ch', ת: 'th' };
/** Letters a dagesh makes hard, as they are also read at the start of a word. */
const HARD: Record<string, string> = { ב: 'b', פ: 'p' };

/** Letters with their marks; a geresh, gershayim and quote marks stay inside a word (צ׳יפס, צה״ל), a maqaf splits. */
const HEBREW_WORD = /[\u05d0-\u05ea][\u05d0-\u05ea\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7'"׳״]*/g;
const DAGESH = '\u05bc';
const SIN_DOT = '\u05c2';

interface Sound {
  text: string;
  vowel: boolean;
}

/** One Hebrew word, letter by letter, with the vowels its letters stand for and the few a reader adds. */
function hebrewWord(word: string): string {
  const letters: Array<{ letter: string; marks: string }> = [];
  for (const char of word) {
    if (/[\u05d0-\u05ea]/.test(char)) letters.push({ letter: char, marks: '' });
    else {
      const last = letters[letters.length - 1];
      if (last) last.marks += char;
    }
  }
  const sounds = letters.map(({ letter, marks }, i): Sound => {
    const first = i === 0;
    const last = i === letters.length - 1;
    const doubled = letters[i + 1]?.letter === letter || letters[i - 1]?.letter === letter;
    if (/['׳]/.test(marks) && WITH_GERESH[letter]) return { text: WITH_GERESH[letter], vowel: false };
    if (letter === 'א' || letter === 'ע') return { text: 'a', vowel: true };
    if (letter === 'ו') return first || doubled ? { text: 'v', vowel: false } : { text: 'o', vowel: true };
    if (letter === 'י') return first || doubled ? { text: 'y', vowel: false } : { text: 'i', vowel: true };
    // A final ה is the sound "a" (שמונה, נגבה), and silent after a vowel letter (נועה).
    if (letter === 'ה' && last && !first)
      return { text: /[אעוי]/.test(letters[i - 1]?.letter ?? '') ? '' : 'a', vowel: true };
    if (letter === 'ש' && marks.includes(SIN_DOT)) return { text: 's', vowel: false };
    if (HARD[letter] && (first || marks.includes(DAGESH))) return { text: HARD[letter], vowel: false };
    return { text: HEBREW[letter] ?? '', vowel: false };
  });
  // The article ה before a word of three letters or more is "ha" (השרון → hasharon).
  let prefix = '';
  if (letters[0]?.letter === 'ה' && letters.length >= 4) {
    prefix = 'ha';
    sounds.shift();
  }
  // Two consonants before the first vowel letter take an "a" between them, as in שרון (sharon) or גביע (gavia).
  const [one, two, three] = sounds;
  if (one && two && three && !one.vowel && !two.vowel && three.vowel) one.text += 'a';
  return prefix + sounds.map((sound) => sound.text).join('');
}

/**
 * The address suggested for an event from its name: Latin letters kept (accents dropped), Hebrew, Arabic and Russian
 * written in Latin letters, everything else a hyphen. A name that gives no Latin letter at all yields
 * `event-<date>` plus any digits it holds, which the photographer can then change.
 */
export function slugFromName(name: string, date = ''): string {
  // Composed first, so that й, ї and أ are found whole in the tables; decomposed after, for Latin accents.
  const latin = [
    ...name
      .normalize('NFC')
      .toLowerCase()
      .replace(HEBREW_WORD, (word) => ` ${hebrewWord(word)} `),
  ]
    .map((char) => CYRILLIC[char] ?? ARABIC[char] ?? char)
    .join('')
    .normalize('NFKD')
    // Accents, niqqud and tashkeel: marks that change no letter of the address.
    .replace(/[\u0300-\u036f\u0591-\u05c7\u064b-\u065f\u0670]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const base = /[a-z]/.test(latin) ? latin : ['event', date, latin].filter(Boolean).join('-');
  return trimSlug(base);
}

/** At most SLUG_MAX_LENGTH characters, cut at a hyphen when one is near the end. */
function trimSlug(slug: string): string {
  if (slug.length <= SLUG_MAX_LENGTH) return slug;
  const cut = slug.slice(0, SLUG_MAX_LENGTH);
  const hyphen = cut.lastIndexOf('-');
  return (hyphen > SLUG_MAX_LENGTH / 2 ? cut.slice(0, hyphen) : cut).replace(/-+$/g, '');
}
