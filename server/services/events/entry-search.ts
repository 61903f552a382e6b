/**
 * Finding a rider's (or dancer's) start-list entries by start number, rider name or horse name, in memory. An event
 * has at most a few thousand entries, so the index is rebuilt whenever the start list changes and each query costs
 * a binary search plus the matches it returns, never a scan of the event.
 *
 * Rules:
 *  - a query that is all digits (after folding, so Arabic-Indic digits count) looks at start numbers only: exact
 *    numbers first, then numbers that start with it, shorter before longer ("12", then "120" and "12A", then "1200");
 *  - any other query is split into folded tokens (server/services/events/search-normalize.ts); every query token must be a
 *    prefix of some token of the rider or horse name. Entries where more query tokens match a whole word rank above
 *    entries matched by prefixes only;
 *  - ties are broken by rider name, then horse name (folded, code-unit order), then start number, then the order the
 *    entries were given in, so the same query always lists the same entries in the same order;
 *  - hidden entries are never indexed.
 */
import { normalizeForSearch, searchTokens } from './search-normalize';

export interface SearchableEntry {
  id: string;
  number: string;
  rider: string;
  horse: string;
  className: string;
  hidden?: boolean;
}

export interface EntrySearch {
  /** Entry ids, best match first, at most `limit`. */
  search(query: string, limit?: number): string[];
}

export const DEFAULT_SEARCH_LIMIT = 20;

interface IndexedEntry {
  id: string;
  /** Folded start number. */
  number: string;
  /** Folded words of the rider and horse names; a word in both names appears twice, which is harmless. */
  tokens: string[];
}

const ALL_DIGITS = /^\d+$/;

export function createEntrySearch(entries: readonly SearchableEntry[]): EntrySearch {
  // Entries are kept in tie-break order, so an entry's position is its rank and ordering matches by rank is a numeric
  // sort of positions, with no comparator.
  const ranked = rankEntries(entries);
  const numbers = buildNumberIndex(ranked);
  const words = buildWordIndex(ranked);
  // Per-entry scratch for a word query, valid where seenStamp holds the query's stamp: no Set or clearing per query.
  const seenStamp = new Uint32Array(ranked.length);
  const tokensMatched = new Uint32Array(ranked.length);
  const wholeWords = new Uint32Array(ranked.length);
  let stamp = 0;

  function searchByNumber(query: string, limit: number): string[] {
    const [from, to] = prefixRange(numbers.keys, query);
    // The range is in (number, rank) order, so exact numbers come first; regrouping it by length keeps that order
    // within each length and puts "120" ahead of "1200" although both follow "12".
    const byLength: number[][] = [];
    for (let i = from; i < to; i++) {
      const length = numbers.keys[i]?.length ?? 0;
      const group = byLength[length] ?? [];
      byLength[length] = group;
      // Each group is already in order, so only its first `limit` can make the page.
      if (group.length < limit) group.push(numbers.ranks[i] ?? 0);
    }
    return idsInOrder(byLength.filter(Boolean).flat(), limit);
  }

  function searchByWords(queryTokens: string[], limit: number): string[] {
    const ranges = queryTokens.map((token) => {
      const [from, to] = prefixRange(words.keys, token);
      return { token, from, to, postings: (words.postingOffsets[to] ?? 0) - (words.postingOffsets[from] ?? 0) };
    });
    if (ranges.some((range) => range.postings === 0)) return [];
    // The narrowest token chooses the candidates; each further token keeps those it also reaches. Every step walks
    // posting lists only, so the cost is the number of matches, whatever the number of entries.
    ranges.sort((a, b) => a.postings - b.postings);
    // Before the 32-bit stamps wrap around, start again from clean scratch arrays.
    if (++stamp === 0xffff_ffff) {
      seenStamp.fill(0);
      stamp = 1;
    }
    // byWholeWords[n]: ranks of the entries matching every token, n of them as whole words.
    const byWholeWords: number[][] = [[]];
    for (const _ of ranges) byWholeWords.push([]);
    const last = ranges.length - 1;
    for (let step = 0; step <= last; step++) {
      const range = ranges[step] ?? { token: '', from: 0, to: 0 };
      // The word equal to the token, if any, sorts first in its range, so an entry holding it is reached through it
      // before any longer word and is counted as a whole-word match.
      for (let key = range.from; key < range.to; key++) {
        const whole = words.keys[key] === range.token ? 1 : 0;
        const end = words.postingOffsets[key + 1] ?? 0;
        for (let p = words.postingOffsets[key] ?? 0; p < end; p++) {
          const rank = words.postings[p] ?? 0;
          if (step === 0) {
            if (seenStamp[rank] === stamp) continue;
            seenStamp[rank] = stamp;
            tokensMatched[rank] = 1;
            wholeWords[rank] = whole;
          } else {
            // Reached by every earlier token, and not yet by this one (an entry may hold several matching words).
            if (seenStamp[rank] !== stamp || tokensMatched[rank] !== step) continue;
            tokensMatched[rank] = step + 1;
            wholeWords[rank] = (wholeWords[rank] ?? 0) + whole;
          }
          if (step === last) byWholeWords[wholeWords[rank] ?? 0]?.push(rank);
        }
      }
    }
    const best: number[] = [];
    for (let n = queryTokens.length; n >= 0 && best.length < limit; n--) {
      best.push(...smallestRanks(byWholeWords[n] ?? [], limit - best.length));
    }
    return idsInOrder(best, limit);
  }

  function idsInOrder(ranks: readonly number[], limit: number): string[] {
    return ranks.slice(0, limit).map((rank) => ranked[rank]?.id ?? '');
  }

  return {
    search(query: string, limit = DEFAULT_SEARCH_LIMIT): string[] {
      if (!(limit > 0)) return [];
      const normalized = normalizeForSearch(query);
      if (normalized === '') return [];
      if (ALL_DIGITS.test(normalized)) return searchByNumber(normalized, limit);
      return searchByWords(normalized.split(' '), limit);
    },
  };
}

/**
 * The `count` smallest ranks, ascending. A query returns a page of results from possibly thousands of matches, so
 * keeping a short sorted window beats sorting every match.
 */
function smallestRanks(ranks: readonly number[], count: number): number[] {
  if (ranks.length <= count || count > 64) return Array.from(Uint32Array.from(ranks).sort().subarray(0, count));
  const window: number[] = [];
  for (const rank of ranks) {
    if (window.length === count && rank >= (window[count - 1] ?? 0)) continue;
    let at = window.length < count ? window.length : count - 1;
    while (at > 0 && (window[at - 1] ?? 0) > rank) {
      window[at] = window[at - 1] ?? 0;
      at--;
    }
    window[at] = rank;
  }
  return window;
}

/** The visible entries, folded, in tie-break order (see the module comment). */
function rankEntries(entries: readonly SearchableEntry[]): IndexedEntry[] {
  const keyed = entries
    .filter((entry) => !entry.hidden)
    .map((entry, given) => {
      const riderTokens = searchTokens(entry.rider);
      const horseTokens = searchTokens(entry.horse);
      return {
        indexed: {
          id: entry.id,
          number: normalizeForSearch(entry.number).replaceAll(' ', ''),
          tokens: [...riderTokens, ...horseTokens],
        },
        rider: riderTokens.join(' '),
        horse: horseTokens.join(' '),
        given,
      };
    });
  keyed.sort(
    (a, b) =>
      compareStrings(a.rider, b.rider) ||
      compareStrings(a.horse, b.horse) ||
      compareStrings(a.indexed.number, b.indexed.number) ||
      a.given - b.given,
  );
  return keyed.map((key) => key.indexed);
}

interface NumberIndex {
  /** Folded start numbers, sorted; `ranks[i]` is the entry holding `keys[i]` (equal numbers by rank). */
  keys: string[];
  ranks: Uint32Array;
}

function buildNumberIndex(ranked: IndexedEntry[]): NumberIndex {
  const withNumber = ranked
    .map((entry, rank) => ({ number: entry.number, rank }))
    .filter((item) => item.number !== '')
    .sort((a, b) => compareStrings(a.number, b.number) || a.rank - b.rank);
  return { keys: withNumber.map((item) => item.number), ranks: Uint32Array.from(withNumber, (item) => item.rank) };
}

interface WordIndex {
  /** Distinct folded words, sorted. */
  keys: string[];
  /** Entries containing `keys[i]` are `postings[postingOffsets[i] .. postingOffsets[i + 1])`. */
  postingOffsets: Uint32Array;
  postings: Uint32Array;
}

/**
 * Sorted distinct words with their posting lists laid end to end, so the entries of every word sharing a prefix
 * form one contiguous slice and counting them is a subtraction.
 */
function buildWordIndex(ranked: IndexedEntry[]): WordIndex {
  const byWord = new Map<string, number[]>();
  ranked.forEach((entry, rank) => {
    for (const token of new Set(entry.tokens)) {
      const list = byWord.get(token);
      if (list) list.push(rank);
      else byWord.set(token, [rank]);
    }
  });
  const keys = [...byWord.keys()].sort(compareStrings);
  const postingOffsets = new Uint32Array(keys.length + 1);
  let total = 0;
  const lists = keys.map((key) => byWord.get(key) ?? []);
  lists.forEach((list, i) => {
    postingOffsets[i] = total;
    total += list.length;
  });
  postingOffsets[keys.length] = total;
  const postings = new Uint32Array(total);
  lists.forEach((list, i) => {
    postings.set(list, postingOffsets[i]);
  });
  return { keys, postingOffsets, postings };
}

/** `[from, to)`: the indices of `sorted` whose strings start with `prefix`. */
function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  const from = lowerBound(sorted, prefix);
  let to = from;
  // Every string with the prefix sorts before `prefix + U+FFFF`; our folded words never contain that code unit.
  if (from < sorted.length) to = lowerBound(sorted, `${prefix}\uffff`, from);
  return [from, to];
}

/** The first index whose string is ≥ `value` (code-unit order). */
function lowerBound(sorted: readonly string[], value: string, from = 0): number {
  let lo = from;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? '') < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Code-unit order: the same on every machine, unlike locale collation, and consistent with `lowerBound`. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
