import { describe, expect, it } from 'vitest';
import {
  canApply,
  isFinished,
  nextUploadState,
  retryDelays,
  smoothSpeed,
  UPLOAD_STATES,
  type UploadEvent,
  type UploadState,
  uploadIsGone,
} from './upload-state';

describe('upload task states', () => {
  const allowedFrom = (event: UploadEvent) => UPLOAD_STATES.filter((state) => canApply(state, event));

  it('pauses only from running', () => {
    expect(allowedFrom('pause')).toEqual(['running']);
    expect(nextUploadState('running', 'pause')).toBe('pausing');
    expect(nextUploadState('pausing', 'paused')).toBe('paused');
  });

  it('resumes from paused or pausing', () => {
    expect(allowedFrom('resume')).toEqual(['pausing', 'paused']);
    expect(nextUploadState('paused', 'resume')).toBe('running');
    expect(nextUploadState('pausing', 'resume')).toBe('running');
  });

  it('cancels from running or pausing, through canceling', () => {
    expect(allowedFrom('cancel')).toEqual(['running', 'pausing']);
    expect(nextUploadState('pausing', 'cancel')).toBe('canceling');
    expect(nextUploadState('canceling', 'canceled')).toBe('canceled');
    expect(nextUploadState('paused', 'cancel')).toBeNull();
  });

  it('ends in canceled, error or success, from which only a retry of a failed file moves', () => {
    const finished: UploadState[] = ['canceled', 'error', 'success'];
    expect(UPLOAD_STATES.filter(isFinished)).toEqual(finished);
    const events: UploadEvent[] = ['pause', 'paused', 'resume', 'cancel', 'canceled', 'fail', 'succeed', 'retry'];
    for (const state of finished) {
      for (const event of events) {
        expect(nextUploadState(state, event)).toBe(state === 'error' && event === 'retry' ? 'running' : null);
      }
    }
    expect(allowedFrom('retry')).toEqual(['error']);
    expect(nextUploadState('running', 'fail')).toBe('error');
    expect(nextUploadState('running', 'succeed')).toBe('success');
  });
});

describe('retry back-off', () => {
  it('starts at 1 s, grows by 1.5, caps each wait at 60 s and stops at 10 minutes in total', () => {
    const delays = retryDelays();
    expect(delays.slice(0, 4)).toEqual([1000, 1500, 2250, 3375]);
    expect(Math.max(...delays)).toBe(60_000);
    const total = delays.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(600_000);
    expect(total + 60_000).toBeGreaterThan(600_000);
  });
});

describe('speed', () => {
  it('takes the first measure as is and smooths the next ones', () => {
    expect(smoothSpeed(0, 1000, 1000)).toBe(1000);
    expect(smoothSpeed(1000, 3000, 1000)).toBe(1600);
    expect(smoothSpeed(500, 10, 0)).toBe(500);
  });
});

describe('a failed resume', () => {
  it('starts the file over only when the server says the upload is gone', () => {
    expect([403, 404, 410].filter(uploadIsGone)).toEqual([403, 404, 410]);
    expect([401, 409, 423, 500, 502, 503, 504, 507].filter(uploadIsGone)).toEqual([]);
  });
});
