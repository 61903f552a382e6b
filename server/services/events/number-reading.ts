import type { TextLine, TextReading } from '../../media/ocr/types';

/** A start number read from a frame, with how sure the reading is and where it is (for the review crop). */
export interface NumberReading {
  number: string;
  /** 0–1. */
  confidence: number;
  /** In the read picture's pixels. */
  box: { x: number; y: number; width: number; height: number };
}

/**
 * Below this the recogniser is guessing: on generated and real frames its misreadings of a pad (121 for 127) came at
 * 0.5–0.8, its good readings of a pad above 0.9. Such readings are not even worth a place in the review queue.
 */
export const MIN_READING_CONFIDENCE = 0.8;

/** Start numbers have 1–4 digits; longer runs are phone numbers, years, prices. */
const NUMBER_TOKEN = /^[0-9]{1,4}$/;

/**
 * A number printed smaller than this share of the picture's height is a fence plate, a far sign or a horse in the
 * background, not the pad of the rider the photo is of: a pad's number fills 5–14 % of the frame's height when its
 * rider is the subject. A lone plate's "7" is otherwise indistinguishable from a start number.
 */
export const MIN_HEIGHT_SHARE = 0.03;

/** A line with this many characters besides its numbers is a banner or a caption, whatever digits it holds. */
const MAX_OTHER_CHARACTERS = 6;

/** Phone numbers: 7 or more digits on a line (052-1234567, +972 54 765 4321), or digit groups joined by - . / +. */
const MANY_DIGITS = 7;
const JOINED_DIGIT_GROUPS = /[0-9][-./][0-9]|\+\s*[0-9]/;

/** A word: two letters or more in any script. A lone letter is as often the recogniser's reading of a pad's edge. */
const WORD = /\p{L}.*\p{L}/u;

/** The start numbers a frame shows, best first. `knownNumbers`: the event's start list (null when it has none). */
export function readStartNumbers(reading: TextReading, knownNumbers: ReadonlySet<string> | null): NumberReading[] {
  const minHeight = reading.height * MIN_HEIGHT_SHARE;
  return reading.lines
    .filter((line) => line.confidence >= MIN_READING_CONFIDENCE)
    .flatMap((line) => numbersOnLine(line, knownNumbers))
    .filter((candidate) => candidate.box.height >= minHeight)
    .sort((a, b) => b.box.height - a.box.height || b.confidence - a.confidence);
}

/**
 * The start numbers one line may hold: its whole digit-only tokens, when the line is not a phone number, a banner or
 * a sign (ARENA 2, Fence 7: a number sharing its line with a word is the sign's, never a rider's).
 */
function numbersOnLine(line: TextLine, knownNumbers: ReadonlySet<string> | null): NumberReading[] {
  // Full-width digits and letters (the recogniser's alphabet has both) read as their ASCII forms.
  const text = line.text.normalize('NFKC');
  const digits = text.replace(/[^0-9]/g, '').length;
  if (digits === 0 || digits >= MANY_DIGITS || JOINED_DIGIT_GROUPS.test(text)) return [];
  // Tokens are split at spaces and punctuation only: "A12", "12B", "Arena2" stay whole, so they are not numbers.
  const tokens = text.split(/[\s\p{P}\p{S}]+/u).filter(Boolean);
  if (tokens.some((token) => WORD.test(token))) return [];
  const numbers = tokens.filter((token) => NUMBER_TOKEN.test(token));
  const otherCharacters = text.replace(/[\s0-9]/g, '').length;
  if (otherCharacters > MAX_OTHER_CHARACTERS) return [];
  const box = boundingBox(line.box);
  return numbers
    .filter((number) => acceptable(number, knownNumbers))
    .map((number) => ({ number, confidence: line.confidence, box }));
}

/** On the start list when there is one; without one, no leading zero (a start list that has "007" says so). */
function acceptable(number: string, knownNumbers: ReadonlySet<string> | null): boolean {
  if (knownNumbers) return knownNumbers.has(number);
  return !number.startsWith('0');
}

function boundingBox(corners: Array<[number, number]>): NumberReading['box'] {
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * A reading this sure may place a photo by itself. The generated test frames' right readings of a pad are at 0.95 and
 * above; 0.9 leaves room for blur and tilt while the misreadings seen stayed below it.
 */
export const PLACING_CONFIDENCE = 0.9;

/**
 * Without a start list a confident reading creates a number-only entry, which nothing checks: it must be surer.
 */
export const PLACING_CONFIDENCE_WITHOUT_LIST = 0.95;

/**
 * Another number at least this share of the best one's height makes the frame ambiguous (two riders, or a second pad
 * read differently). A number much smaller than the pad's (a bridle tag, a far sign) does not.
 */
export const RIVAL_HEIGHT_SHARE = 0.6;

/**
 * The one number that may place a photo without a person looking, or null: none read surely enough, or two different
 * numbers of comparable size (precision before recall: a photo under the wrong rider is worse than none).
 * `readings`: readStartNumbers' answer for the frame.
 */
export function confidentNumber(readings: NumberReading[], knownNumbers: ReadonlySet<string> | null): string | null {
  const floor = knownNumbers ? PLACING_CONFIDENCE : PLACING_CONFIDENCE_WITHOUT_LIST;
  const usable = readings.filter((reading) => !knownNumbers || knownNumbers.has(reading.number));
  const best = usable
    .filter((reading) => reading.confidence >= floor)
    .sort((a, b) => b.box.height - a.box.height || b.confidence - a.confidence)[0];
  if (!best) return null;
  const rivalled = readings.some(
    (reading) => reading.number !== best.number && reading.box.height >= RIVAL_HEIGHT_SHARE * best.box.height,
  );
  return rivalled ? null : best.number;
}
