import { describe, expect, it } from 'vitest';
import { buildCurrentUser } from '../testing/current-user-factory';
import { mustChangePasswordBefore, safeRedirectPath } from './auth-routing';

describe('safeRedirectPath', () => {
  it.each([
    ['/account-settings', '/account-settings'],
    ['/my-trips?tab=past#top', '/my-trips?tab=past#top'],
    ['/', '/'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'account-settings',
    '//evil.example',
    '//evil.example/account-settings',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});

describe('mustChangePasswordBefore', () => {
  const pending = buildCurrentUser({ mustChangePassword: true });

  it('holds a temporary-password session back from the booking pages', () => {
    expect(mustChangePasswordBefore(pending, '/')).toBe(true);
    expect(mustChangePasswordBefore(pending, '/my-trips')).toBe(true);
    expect(mustChangePasswordBefore(pending, '/booking')).toBe(true);
    expect(mustChangePasswordBefore(pending, '/admin-settings')).toBe(true);
  });

  it('lets it open the settings, sign-in and static pages', () => {
    for (const path of [
      '/account-settings',
      '/account-settings/',
      '/login',
      '/support',
      '/terms',
    ]) {
      expect(mustChangePasswordBefore(pending, path)).toBe(false);
    }
  });

  it('never holds back other users or visitors', () => {
    expect(mustChangePasswordBefore(buildCurrentUser(), '/my-trips')).toBe(false);
    expect(mustChangePasswordBefore(null, '/my-trips')).toBe(false);
    expect(mustChangePasswordBefore(undefined, '/my-trips')).toBe(false);
  });
});
