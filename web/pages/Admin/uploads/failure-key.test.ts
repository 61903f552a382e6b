import { describe, expect, it } from 'vitest';
import { failureKey } from './Uploader';

describe('the words of a failed upload', () => {
  it.each([
    ['replace-other-type', 'common:errors.replaceOtherType'],
    ['replace-other-folder', 'common:errors.replaceOtherFolder'],
    ['media-trashed', 'common:errors.mediaTrashed'],
  ])('says why an edited version was not put in place (%s)', (code, key) => {
    expect(failureKey({ code })).toBe(key);
  });

  it('keeps the general words for a failure it has no sentence for', () => {
    expect(failureKey({ code: 'internal' })).toBe('upload.failed');
  });
});
