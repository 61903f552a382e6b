import { describe, expect, it } from 'vitest';
import { createEntrySearch, DEFAULT_SEARCH_LIMIT, type SearchableEntry } from './entry-search';

function entry(id: string, number: string, rider: string, horse = '', extra: Partial<SearchableEntry> = {}) {
  return { id, number, rider, horse, className: 'A', ...extra };
}

const ENTRIES: SearchableEntry[] = [
  entry('noa', '12', 'Noa Levi', 'Star'),
  entry('noam', '120', 'Noam Cohen', 'Bright Star'),
  entry('noa-he', '7', 'נועה לוי', 'כוכב'),
  entry('noam-he', '1200', 'נועם אברהם', 'ברק'),
  entry('mixed', '12A', 'Noa נועה Levi', 'Moonlight'),
  entry('ahmad', '33', 'أحمد خليل', 'برق'),
  entry('fatima', '34', 'فاطمة', 'Hélène'),
  entry('dancer', '50', 'Zoë Müller', ''),
  entry('hidden', '12', 'Noa Hidden', 'Star', { hidden: true }),
  entry('starling', '8', 'Dana Starling', 'Pepper'),
  entry('twelve-b', '12', 'Other Class Rider', 'Star', { className: 'B' }),
];

describe('createEntrySearch', () => {
  const index = createEntrySearch(ENTRIES);

  it.each([
    // Start numbers: exact first (both classes), then longer numbers with that prefix, shorter first.
    ['digits: exact then prefixes, shorter first', '12', ['noa', 'twelve-b', 'noam', 'mixed', 'noam-he']],
    ['digits: exact only', '7', ['noa-he']],
    ['digits: no such number', '999', []],
    ['Arabic-Indic digits are digits', '٣٣', ['ahmad']],
    // Names: every query token must prefix a word of the rider or horse.
    ['Latin prefix, exact word ranks first', 'noa', ['noa', 'mixed', 'noam']],
    ['case and accents ignored', 'HELENE', ['fatima']],
    ['accented query finds plain name', 'zoe', ['dancer']],
    ['German umlaut folded', 'muller', ['dancer']],
    ['Hebrew prefix', 'נוע', ['mixed', 'noa-he', 'noam-he']],
    ['Hebrew with a final letter typed', 'נועם', ['noam-he']],
    ['Hebrew with niqqud in the query', 'נוֹעָה', ['mixed', 'noa-he']],
    ['Arabic with hamza and harakat folded', 'اَحمد', ['ahmad']],
    ['Arabic teh marbuta', 'فاطمه', ['fatima']],
    ['horse name', 'moon', ['mixed']],
    ['AND across tokens (rider and horse)', 'noa star', ['noa', 'noam']],
    ['AND across scripts', 'levi נוע', ['mixed']],
    ['token order does not matter', 'levi noa', ['noa', 'mixed']],
    ['all tokens must match', 'noa pepper', []],
    ['a token must start a word, not sit inside one', 'oa', []],
    ['hidden entries never match', 'hidden', []],
    ['exact word above prefix even on the horse', 'star', ['noa', 'noam', 'twelve-b', 'starling']],
    ['punctuation only', ' -- ', []],
    ['empty', '', []],
  ])('%s: %j', (_name, query, expected) => {
    expect(index.search(query)).toEqual(expected);
  });

  it('ranks entries matching more query words exactly above entries matching by prefix', () => {
    // Alphabetical order (the tie-break) is the reverse, so only the exact-word count can put them in this order.
    const search = createEntrySearch([
      entry('prefix-both', '1', 'Ada Danielle', 'Starlight'),
      entry('exact-one', '2', 'Yael Dani', 'Stardust'),
      entry('exact-both', '3', 'Zed Dani', 'Star'),
    ]);
    expect(search.search('dani star')).toEqual(['exact-both', 'exact-one', 'prefix-both']);
  });

  it('breaks ties by rider, then horse, then number, then given order', () => {
    const search = createEntrySearch([
      entry('b', '1', 'Noa Levi', 'Zed'),
      entry('a2', '3', 'Noa Cohen', 'Ash'),
      entry('a1', '2', 'Noa Cohen', 'Ash'),
      entry('a0', '2', 'Noa Cohen', 'Ash', { className: 'B' }),
    ]);
    expect(search.search('noa')).toEqual(['a1', 'a0', 'a2', 'b']);
  });

  it('honours the limit, 20 by default', () => {
    const many = Array.from({ length: 30 }, (_, i) => entry(`e${i}`, String(100 + i), `Rider ${i}`));
    const search = createEntrySearch(many);
    expect(search.search('rider')).toHaveLength(DEFAULT_SEARCH_LIMIT);
    expect(search.search('rider', 5)).toHaveLength(5);
    expect(search.search('1', 3)).toEqual(['e0', 'e1', 'e2']);
    expect(search.search('rider', 0)).toEqual([]);
    expect(search.search('rider', -1)).toEqual([]);
  });

  it('needs every query token at the start of a word, not inside one', () => {
    const search = createEntrySearch([entry('star', '1', 'Noa Levi', 'Star'), entry('tara', '2', 'Tara Cohen')]);
    expect(search.search('noa tar')).toEqual([]);
    expect(search.search('noa sta')).toEqual(['star']);
  });

  it('pages the best-ranked matches even when they are found in the opposite order', () => {
    // Ranks follow the first word (aa, ab, ac, …) while the index visits the matching second words ra, rb, rc, …, so
    // the best entries are reached last.
    const letter = (i: number) => String.fromCharCode(97 + i);
    const search = createEntrySearch(
      Array.from({ length: 26 }, (_, i) => entry(`e${i}`, String(i), `a${letter(i)} r${letter(25 - i)}`)),
    );
    expect(search.search('r', 5)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4']);
  });

  it('does not let one word, reached twice, stand in for a missing query word', () => {
    // "no" reaches Noa Nora through two words; "star" is missing from that entry, so it must not match.
    const search = createEntrySearch([entry('x', '1', 'Noa Nora', 'Pepper'), entry('w', '2', 'Dana Cohen', 'Star')]);
    expect(search.search('pepper star no')).toEqual([]);
    expect(search.search('pepper no')).toEqual(['x']);
  });

  it('lets repeated or overlapping query words match the same word', () => {
    const search = createEntrySearch([entry('x', '1', 'Noa Levi', 'Star'), entry('y', '2', 'Nora Cohen', 'Star')]);
    expect(search.search('noa noa')).toEqual(['x']);
    expect(search.search('no noa')).toEqual(['x']);
    expect(search.search('noa no star')).toEqual(['x']);
  });

  it('lists an entry once even when several of its words match', () => {
    const search = createEntrySearch([entry('x', '1', 'Noa Noam', 'Noah')]);
    expect(search.search('no')).toEqual(['x']);
  });

  it('keeps answering the same way across queries', () => {
    expect(index.search('noa')).toEqual(index.search('noa'));
    index.search('star');
    expect(index.search('noa')).toEqual(['noa', 'mixed', 'noam']);
  });
});
