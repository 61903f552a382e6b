import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import {
  camerasOf,
  classRounds,
  eventLink,
  isoToZonedTime,
  isValidSlug,
  startListProblems,
  suggestSlug,
  zonedTimeToIso,
} from './event-admin-logic';

describe('the address suggested from an event’s name', () => {
  it('keeps Latin letters and digits, joined by hyphens', () => {
    expect(suggestSlug('Spring Cup 2026')).toBe('spring-cup-2026');
    expect(suggestSlug('  Grand Prix — Kfar Hess!  ')).toBe('grand-prix-kfar-hess');
  });

  it('drops accents and writes Russian in Latin letters', () => {
    expect(suggestSlug('Concours de Sauts d’Obstacles à Césarée')).toBe('concours-de-sauts-d-obstacles-a-cesaree');
    expect(suggestSlug('Кубок Весны')).toBe('kubok-vesny');
  });

  it('falls back to the date for a name without Latin letters', () => {
    expect(suggestSlug('גביע האביב', '2026-05-14')).toBe('event-2026-05-14');
    expect(suggestSlug('كأس الربيع 2026', '2026-05-14')).toBe('event-2026-05-14-2026');
    expect(suggestSlug('', '')).toBe('event');
  });

  it('is always an address the server takes, at most 80 characters', () => {
    const long = suggestSlug('The very long name of a competition that goes on and on and on and on and on forever');
    expect(long.length).toBeLessThanOrEqual(80);
    expect(isValidSlug(long)).toBe(true);
    for (const name of ['Spring Cup', 'גביע', 'Кубок', '---', 'A'])
      expect(isValidSlug(suggestSlug(name, '2026-05-14'))).toBe(true);
    expect(isValidSlug('Spring Cup')).toBe(false);
    expect(isValidSlug('-cup')).toBe(false);
  });
});

describe('a refused start list', () => {
  const refused = (details: unknown) =>
    new ApiError('invalid-start-list', 'The start list was not imported', 400, details);

  it('lists every problem by line', () => {
    const problems = startListProblems(
      refused({
        line: 3,
        problems: [
          { line: 7, code: 'duplicate-number', reason: 'Start number 12 is also on line 3.' },
          { line: 3, code: 'bad-time', reason: 'The start time "9.3O" is not a time.' },
        ],
      }),
    );
    expect(problems).toEqual([
      { line: 3, code: 'bad-time', reason: 'The start time "9.3O" is not a time.' },
      { line: 7, code: 'duplicate-number', reason: 'Start number 12 is also on line 3.' },
    ]);
  });

  it('keeps the message when no problem is listed', () => {
    expect(startListProblems(refused({ line: 0 }))).toEqual([
      { line: 0, code: '', reason: 'The start list was not imported' },
    ]);
  });

  it('is not a start-list problem when the error is another', () => {
    expect(startListProblems(new ApiError('network-error', 'Network error', 0))).toBeNull();
    expect(startListProblems(new Error('boom'))).toBeNull();
  });
});

describe('times at the event', () => {
  it('reads a wall-clock time in the event’s zone, summer and winter', () => {
    expect(zonedTimeToIso('2026-05-14T09:31:10', 'Asia/Jerusalem')).toBe('2026-05-14T06:31:10.000Z');
    expect(zonedTimeToIso('2026-01-14T09:31', 'Asia/Jerusalem')).toBe('2026-01-14T07:31:00.000Z');
    expect(zonedTimeToIso('2026-05-14T09:31:10', 'Europe/Paris')).toBe('2026-05-14T07:31:10.000Z');
    expect(zonedTimeToIso('not a time', 'Asia/Jerusalem')).toBeNull();
  });

  it('writes an instant back as the event’s wall clock', () => {
    expect(isoToZonedTime('2026-05-14T06:31:10.000Z', 'Asia/Jerusalem')).toBe('2026-05-14T09:31:10');
    expect(isoToZonedTime('nonsense', 'Asia/Jerusalem')).toBe('');
  });
});

describe('class round lengths', () => {
  it('lists every class once, with its set length or the default', () => {
    expect(
      classRounds(['Young horses', '1.10 m', 'Young horses'], [{ name: '1.10 m', roundSeconds: 90 }], 180),
    ).toEqual([
      { name: 'Young horses', roundSeconds: 180, set: false },
      { name: '1.10 m', roundSeconds: 90, set: true },
    ]);
  });
});

describe('the cameras of an event', () => {
  it('are the ones with an offset and the ones the photos name, once each', () => {
    expect(
      camerasOf(
        [{ camera: 'Nikon Z9', offsetSeconds: -40 }],
        [{ camera: 'Canon EOS R6' }, { camera: null }, { camera: 'Nikon Z9' }, { camera: 'Canon EOS R6' }],
      ),
    ).toEqual([
      { camera: 'Canon EOS R6', offsetSeconds: 0 },
      { camera: 'Nikon Z9', offsetSeconds: -40 },
    ]);
  });
});

describe('the link to share', () => {
  it('carries the key only for an unlisted event', () => {
    expect(eventLink('https://x.example', 'spring-cup', 'unlisted', 'k3y_-')).toBe(
      'https://x.example/events/spring-cup?key=k3y_-',
    );
    expect(eventLink('https://x.example', 'spring-cup', 'public', 'k3y')).toBe('https://x.example/events/spring-cup');
  });
});
