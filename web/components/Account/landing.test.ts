import { describe, expect, it } from 'vitest';
import { landingAfterSignIn } from './landing';

const client = { isAdmin: false };
const admin = { isAdmin: true };

describe('landingAfterSignIn', () => {
  it('takes a client to their gallery and the photographer to the admin panel', () => {
    expect(landingAfterSignIn(client, null)).toBe('/me');
    expect(landingAfterSignIn(admin, null)).toBe('/admin');
    expect(landingAfterSignIn(client, '')).toBe('/me');
  });

  it('lets an explicit same-site ?next= win, for anyone', () => {
    expect(landingAfterSignIn(client, '/contact')).toBe('/contact');
    expect(landingAfterSignIn(admin, '/events/spring-cup?q=12')).toBe('/events/spring-cup?q=12');
    expect(landingAfterSignIn(client, '/')).toBe('/');
  });

  it('ignores a ?next= that would leave the site or bend the path', () => {
    for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'contact', '/me\n/x']) {
      expect(landingAfterSignIn(client, next), next).toBe('/me');
      expect(landingAfterSignIn(admin, next), next).toBe('/admin');
    }
  });
});
