import { describe, expect, it } from 'vitest';
import { authErrorKey, safeNextPath } from './auth';
import { ApiError, NETWORK_ERROR } from './client';

describe('account page helpers', () => {
  it('returns only same-site paths from ?next=', () => {
    expect(safeNextPath('/contact')).toBe('/contact');
    expect(safeNextPath('/me?page=2')).toBe('/me?page=2');
    for (const unsafe of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'contact',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(unsafe)).toBe('/');
    }
  });

  it('refuses a ?next= path with a control character in it', () => {
    for (const unsafe of ['/contact\tx', '/\n/evil.example', '/me\u0000', '/me\r\n', '/gallery\u007f']) {
      expect(safeNextPath(unsafe)).toBe('/');
    }
  });

  it('translates server codes and falls back to the page’s own message', () => {
    expect(authErrorKey(new ApiError('email-in-use', 'x', 409))).toBe('errors.emailInUse');
    expect(authErrorKey(new ApiError(NETWORK_ERROR, 'x', 0))).toBe('errors.network');
    expect(authErrorKey(new ApiError('too-many-requests', 'x', 429))).toBe('errors.tooManyRequests');
    expect(authErrorKey(new ApiError('internal-error', 'x', 500), 'forgot.sendFailed')).toBe('forgot.sendFailed');
    expect(authErrorKey(new Error('boom'))).toBe('errors.generic');
    const badName = new ApiError('invalid-argument', 'x', 400, { fields: [{ field: 'fullName', message: 'x' }] });
    expect(authErrorKey(badName)).toBe('errors.invalidName');
    expect(authErrorKey(new ApiError('weak-password', 'x', 400, { reason: 'too-short' }))).toBe('errors.weakPassword');
    expect(authErrorKey(new ApiError('weak-password', 'x', 400, { reason: 'common' }))).toBe('errors.commonPassword');
  });
});
