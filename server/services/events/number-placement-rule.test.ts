import { describe, expect, it } from 'vitest';
import { decidePlacement, type PlacementFacts } from './number-placement-rule';

// A start list: 12 rides once (class A at 09:00), 40 rides twice (classes A and B), 13 rides once.
const LIST = [
  { id: 'e12', number: '12', numberOnly: false },
  { id: 'e13', number: '13', numberOnly: false },
  { id: 'e40a', number: '40', numberOnly: false },
  { id: 'e40b', number: '40', numberOnly: false },
];
const NUMBER_ONLY = [{ id: 'n7', number: '7', numberOnly: true }];

const facts = (overrides: Partial<PlacementFacts>): PlacementFacts => ({
  manual: false,
  confidentNumber: null,
  anyNumberRead: false,
  entries: LIST,
  timeEntryId: null,
  ...overrides,
});

describe('decidePlacement', () => {
  it.each<[string, Partial<PlacementFacts>, ReturnType<typeof decidePlacement>]>([
    [
      'the number alone places a photo without a capture time',
      { confidentNumber: '12', anyNumberRead: true },
      { kind: 'place', state: 'number', entryId: 'e12' },
    ],
    [
      'a confident number in its own ride’s window places it',
      { confidentNumber: '12', anyNumberRead: true, timeEntryId: 'e12' },
      { kind: 'place', state: 'number-and-time', entryId: 'e12' },
    ],
    [
      'a capture time in another ride’s window sends it to review',
      { confidentNumber: '12', anyNumberRead: true, timeEntryId: 'e13' },
      { kind: 'review', state: 'review', reason: 'other-ride' },
    ],
    [
      'the time picks which of a horse’s rides the number means',
      { confidentNumber: '40', anyNumberRead: true, timeEntryId: 'e40b' },
      { kind: 'place', state: 'number-and-time', entryId: 'e40b' },
    ],
    [
      'a number with several rides and no time to tell them apart: review',
      { confidentNumber: '40', anyNumberRead: true },
      { kind: 'review', state: 'review', reason: 'ambiguous' },
    ],
    [
      'a confident number no entry has: review',
      { confidentNumber: '99', anyNumberRead: true, timeEntryId: 'e12' },
      { kind: 'review', state: 'review', reason: 'not-on-start-list' },
    ],
    [
      'no confident number: the placement by time stands',
      { anyNumberRead: true, timeEntryId: 'e13' },
      { kind: 'by-time', state: 'time', entryId: 'e13' },
    ],
    ['nothing read and no time: unplaced', {}, { kind: 'by-time', state: 'time', entryId: null }],
    [
      'a weak number and no time placement: the photographer decides',
      { anyNumberRead: true },
      { kind: 'review', state: 'review', reason: 'ambiguous' },
    ],
    [
      'placed by hand: never moved, whatever is read',
      { manual: true, confidentNumber: '13', anyNumberRead: true, timeEntryId: 'e13' },
      { kind: 'keep-manual', state: 'manual' },
    ],
    [
      'no start list: a confident number makes its number-only entry',
      { entries: [], confidentNumber: '7', anyNumberRead: true },
      { kind: 'number-only', state: 'number', number: '7' },
    ],
    [
      'only number-only entries: a new number makes its own',
      { entries: NUMBER_ONLY, confidentNumber: '8', anyNumberRead: true },
      { kind: 'number-only', state: 'number', number: '8' },
    ],
    [
      'no start list and no confident number: unplaced, not sent to review',
      { entries: NUMBER_ONLY, anyNumberRead: true },
      { kind: 'by-time', state: 'time', entryId: null },
    ],
  ])('%s', (_name, overrides, expected) => {
    expect(decidePlacement(facts(overrides))).toEqual(expected);
  });
});
