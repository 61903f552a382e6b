import { describe, expect, it } from 'vitest';
import { clickSelection } from './click-selection';

describe('selecting photos', () => {
  const ids = ['a', 'b', 'c', 'd', 'e'];

  it('toggles one photo on a click', () => {
    expect([...clickSelection(ids, new Set(), 'b', null, false)]).toEqual(['b']);
    expect([...clickSelection(ids, new Set(['b']), 'b', 'b', false)]).toEqual([]);
  });

  it('selects the range from the last click on a shift-click, either way', () => {
    expect([...clickSelection(ids, new Set(['b']), 'd', 'b', true)].sort()).toEqual(['b', 'c', 'd']);
    expect([...clickSelection(ids, new Set(['d']), 'a', 'd', true)].sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('clears the range when the shift-clicked photo was selected', () => {
    expect([...clickSelection(ids, new Set(ids), 'd', 'b', true)].sort()).toEqual(['a', 'e']);
  });

  it('toggles one photo when there is no earlier click', () => {
    expect([...clickSelection(ids, new Set(), 'c', null, true)]).toEqual(['c']);
  });
});
