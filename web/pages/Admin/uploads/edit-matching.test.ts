import { describe, expect, it, vi } from 'vitest';
import { candidatesFor, type EditMatch, indexItems, matchEdits } from './edit-matching';

const item = (name: string, id = `id:${name}`) => ({ id, name });
const file = (name: string) => ({ name });

/** Each file's outcome as a short line: `replace IMG_1234.jpg`, `new`, `conflict same-name a.jpg|a.mov`. */
function outcome(match: EditMatch<{ name: string }, { id: string; name: string }>): string {
  if (match.kind === 'replace') return `replace ${match.item.name}`;
  if (match.kind === 'new') return 'new';
  return `conflict ${match.reason} ${match.candidates.map((c) => c.name).join('|')}`;
}

async function outcomes(files: string[], items: string[]): Promise<string[]> {
  return (
    await matchEdits(
      files.map(file),
      items.map((name) => item(name)),
    )
  ).map(outcome);
}

describe('an exported file finds the item it was edited from', () => {
  const folder = indexItems([item('IMG_1234.jpg'), item('client_5_2.jpg'), item('client_5.jpg')]);

  it.each([
    ['IMG_1234.jpg', 'the same name'],
    ['img_1234.JPG', 'another case'],
    ['IMG_1234-edit.jpg', 'Lightroom’s -edit'],
    ['IMG_1234-Edit.jpg', 'Photoshop’s -Edit'],
    ['IMG_1234_edit.jpg', 'an _edit'],
    ['IMG_1234 edit.jpg', 'a space before edit'],
    ['IMG_1234-Edited.jpg', '-Edited'],
    ['IMG_1234-2.jpg', 'a second export'],
    ['IMG_1234 (1).jpg', 'a copy the system numbered'],
    ['IMG_1234(3).jpg', 'a numbered copy without a space'],
    ['IMG_1234 copy.jpg', 'a copy'],
    ['IMG_1234-Enhanced-NR.jpg', 'Lightroom’s denoise'],
    ['IMG_1234-Enhanced-SR.jpg', 'Lightroom’s super resolution'],
    ['IMG_1234-Enhanced.jpg', 'Lightroom’s Enhance'],
    ['IMG_1234-Edit-2.jpg', 'suffixes on suffixes'],
    ['IMG_1234-Enhanced-NR-Edit (1).jpg', 'three suffixes'],
    ['IMG_1234.tif', 'a TIFF'],
    ['IMG_1234.jpeg', '.jpeg for .jpg'],
    ['IMG_1234.JPG', '.JPG'],
    ['IMG_1234.heic', 'a HEIC'],
    ['IMG_1234.dng', 'a DNG'],
    ['IMG_1234-Edit.TIF', 'an edit in another type'],
    ['IMG_1234', 'no extension at all'],
  ])('%s (%s) → IMG_1234.jpg', (name) => {
    expect(candidatesFor(name, folder).map((c) => c.name)).toEqual(['IMG_1234.jpg']);
  });

  it.each([
    ['IMG_12345.jpg', 'a longer number is another photo'],
    ['IMG_123.jpg', 'a shorter one too'],
    ['IMG_1234_2.jpg', 'an _2 is not an export suffix'],
    ['IMG_1234-edits.jpg', 'only the known words are suffixes'],
    ['IMG_1234-1000.jpg', 'a copy counter has at most three digits'],
    ['XIMG_1234.jpg', 'the start of the name counts too'],
    ['-Edit.jpg', 'a suffix alone is no name'],
  ])('%s (%s) finds nothing', (name) => {
    expect(candidatesFor(name, folder)).toEqual([]);
  });

  it('finds an item whose own name carries a suffix by that full name, before the shorter one', () => {
    expect(candidatesFor('client_5_2.jpg', folder).map((c) => c.name)).toEqual(['client_5_2.jpg']);
    expect(candidatesFor('client_5_2-Edit.jpg', folder).map((c) => c.name)).toEqual(['client_5_2.jpg']);
    expect(candidatesFor('client_5-Edit.jpg', folder).map((c) => c.name)).toEqual(['client_5.jpg']);
  });

  it('compares with the stored form of a name: spaces were stored as _', () => {
    const spaced = indexItems([item('Wedding_Day_01.jpg')]);
    expect(candidatesFor('Wedding Day 01-Edit.jpg', spaced).map((c) => c.name)).toEqual(['Wedding_Day_01.jpg']);
  });

  it('keeps Hebrew, Arabic and Cyrillic names as they are, and their case rules', () => {
    const names = indexItems([item('חתונה_01.jpg'), item('Свадьба_02.jpg'), item('زفاف_03.jpg')]);
    expect(candidatesFor('חתונה 01-Edit.jpg', names).map((c) => c.name)).toEqual(['חתונה_01.jpg']);
    expect(candidatesFor('زفاف_03 (2).png', names).map((c) => c.name)).toEqual(['زفاف_03.jpg']);
    expect(candidatesFor('СВАДЬБА_02.tif', names).map((c) => c.name)).toEqual(['Свадьба_02.jpg']);
  });
});

describe('precision first', () => {
  it('an exact base name wins over a suffix taken off', async () => {
    expect(await outcomes(['IMG_1234-2.jpg'], ['IMG_1234.jpg', 'IMG_1234-2.jpg'])).toEqual(['replace IMG_1234-2.jpg']);
    expect(await outcomes(['IMG_1234-Edit.jpg'], ['IMG_1234.jpg', 'IMG_1234-Edit.jpg'])).toEqual([
      'replace IMG_1234-Edit.jpg',
    ]);
  });

  it('the longest name that exists wins, one suffix at a time', async () => {
    expect(await outcomes(['IMG_1234-Edit-2.jpg'], ['IMG_1234.jpg', 'IMG_1234-Edit.jpg'])).toEqual([
      'replace IMG_1234-Edit.jpg',
    ]);
  });

  it('a name with no item is offered as new, never dropped', async () => {
    expect(await outcomes(['DSC_0001.jpg', 'IMG_12345.jpg'], ['IMG_1234.jpg'])).toEqual(['new', 'new']);
  });

  it('a file whose base name belongs to several items takes the one of its own type', async () => {
    expect(await outcomes(['IMG_1234-Edit.jpeg'], ['IMG_1234.mov', 'IMG_1234.jpg'])).toEqual(['replace IMG_1234.jpg']);
  });

  it('and is a conflict when its type does not tell', async () => {
    expect(await outcomes(['IMG_1234-Edit.tif'], ['IMG_1234.heic', 'IMG_1234.jpg'])).toEqual([
      'conflict same-name IMG_1234.heic|IMG_1234.jpg',
    ]);
  });

  it('two files claiming the same item are both conflicts, whichever is closer', async () => {
    expect(
      await outcomes(['IMG_1234-Edit.jpg', 'IMG_1234.tif', 'IMG_2000.jpg'], ['IMG_1234.jpg', 'IMG_2000.jpg']),
    ).toEqual(['conflict claimed-twice IMG_1234.jpg', 'conflict claimed-twice IMG_1234.jpg', 'replace IMG_2000.jpg']);
  });

  it('keeps the order of the files', async () => {
    expect(await outcomes(['b.jpg', 'x.jpg', 'a-Edit.jpg'], ['a.jpg', 'b.jpg'])).toEqual([
      'replace b.jpg',
      'new',
      'replace a.jpg',
    ]);
  });
});

describe('a large folder', () => {
  it('matches 500 files against 5,000 items correctly, pausing for the page between chunks', async () => {
    const items = Array.from({ length: 5000 }, (_, i) => item(`IMG_${String(i).padStart(4, '0')}.jpg`, `m${i}`));
    const suffixes = ['-Edit.jpg', '.tif', ' (1).jpg', '-Enhanced-NR.dng', '_edit.JPG'];
    // 450 edits of distinct items spread over the folder, 40 files of no item, and 10 files claiming 5 items in pairs.
    const edits = Array.from({ length: 450 }, (_, i) => `IMG_${String(i * 11).padStart(4, '0')}${suffixes[i % 5]}`);
    const strangers = Array.from({ length: 40 }, (_, i) => `DSC_${String(i).padStart(4, '0')}.jpg`);
    const pairs = Array.from({ length: 10 }, (_, i) => `IMG_${4990 + (i >> 1)}${i % 2 ? '-2' : '-Edit'}.jpg`);
    const files = [...edits, ...strangers, ...pairs].map(file);
    const pause = vi.fn(async () => undefined);

    const matches = await matchEdits(files, items, { pause });

    expect(matches).toHaveLength(500);
    expect(matches.slice(0, 450).map((m) => (m.kind === 'replace' ? m.item.id : m.kind))).toEqual(
      Array.from({ length: 450 }, (_, i) => `m${i * 11}`),
    );
    expect(matches.slice(450, 490).every((m) => m.kind === 'new')).toBe(true);
    expect(
      matches.slice(490).map((m) => (m.kind === 'conflict' ? `${m.reason} ${m.candidates[0]?.id}` : m.kind)),
    ).toEqual(Array.from({ length: 10 }, (_, i) => `claimed-twice m${4990 + (i >> 1)}`));
    // Five chunks of 100 files: the page is given its turn between them.
    expect(pause).toHaveBeenCalledTimes(4);
  });
});
