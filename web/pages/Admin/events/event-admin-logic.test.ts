import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import {
  camerasOf,
  classRounds,
  eventLink,
  isoToZonedTime,
  startListProblems,
  zonedTimeToIso,
} from './event-admin-logic';

describe('a refused start list', () => {
  const refused = (details: unknown) =>
    new ApiError('invalid-start-list', 'The start list was not imported', 400, details);
  const duplicate = {
    line: 7,
    code: 'duplicate-number',
    column: 'number',
    value: '12',
    otherLine: 3,
    message: 'Start number 12 is already used on line 3.',
  } as const;

  it('lists every problem by line, with its code and parameters when the code is known', () => {
    const problems = startListProblems(
      refused({ line: 3, problems: [duplicate, { line: 3, code: 'from-the-future', message: 'New.' }] }),
    );
    expect(problems).toEqual([
      { line: 3, known: null, message: 'New.' },
      { line: 7, known: duplicate, message: duplicate.message },
    ]);
  });

  it('keeps the message when no problem is listed', () => {
    expect(startListProblems(refused({ line: 0 }))).toEqual([
      { line: 0, known: null, message: 'The start list was not imported' },
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
