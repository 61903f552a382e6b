import { describe, expect, it } from 'vitest';
import { type SummarizedTask, summarizeUploads, timeLeftParts } from './upload-summary';

const task = (overrides: Partial<SummarizedTask>): SummarizedTask => ({
  state: 'running',
  waiting: false,
  bytesSent: 0,
  size: 1000,
  speed: 0,
  ...overrides,
});

describe('upload summary', () => {
  it('counts files and bytes, a finished file whole, a canceled one not at all', () => {
    const summary = summarizeUploads([
      task({ state: 'success', bytesSent: 900, size: 1000 }),
      task({ bytesSent: 250, size: 500, speed: 100 }),
      task({ state: 'error', bytesSent: 10, size: 300 }),
      task({ state: 'canceled', bytesSent: 50, size: 9999 }),
    ]);
    expect(summary).toMatchObject({ files: 3, done: 1, failed: 1, active: 1, bytesSent: 1260, bytesTotal: 1800 });
  });

  it('gives the time left from the smoothed speeds of the files being sent', () => {
    const summary = summarizeUploads([
      task({ bytesSent: 0, size: 3000, speed: 200 }),
      task({ bytesSent: 1000, size: 2000, speed: 300 }),
      // Waiting for a free slot: its bytes are still to send, but it adds no speed.
      task({ waiting: true, size: 1000, speed: 0 }),
      task({ state: 'paused', waiting: true, bytesSent: 500, size: 1000, speed: 999 }),
    ]);
    expect(summary.speed).toBe(500);
    // 3000 + 1000 + 1000 + 500 bytes left at 500 B/s.
    expect(summary.secondsLeft).toBe(11);
  });

  it('knows no time left before there is a speed, and none when everything is over', () => {
    expect(summarizeUploads([task({ speed: 0 })]).secondsLeft).toBeNull();
    expect(summarizeUploads([task({ state: 'success' }), task({ state: 'error' })]).secondsLeft).toBe(0);
    expect(summarizeUploads([]).files).toBe(0);
  });

  it('says the time left in one unit, rounded up', () => {
    expect(timeLeftParts(0.2)).toEqual({ value: 1, unit: 'second' });
    expect(timeLeftParts(59)).toEqual({ value: 59, unit: 'second' });
    expect(timeLeftParts(61)).toEqual({ value: 2, unit: 'minute' });
    expect(timeLeftParts(3600)).toEqual({ value: 1, unit: 'hour' });
    expect(timeLeftParts(3601)).toEqual({ value: 2, unit: 'hour' });
  });
});
