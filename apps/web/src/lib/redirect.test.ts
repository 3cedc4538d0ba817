import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each(['/admin', '/reseller/profile?tab=1', '/manager/orders#top'])('keeps %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    null,
    '',
    'admin',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
  ])('refuses %j', (path) => {
    expect(safeRedirectPath(path)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('remembers the page with its query', () => {
    expect(loginPathFor('/admin/profile?x=1')).toBe('/login?redirect=%2Fadmin%2Fprofile%3Fx%3D1');
  });

  it('does not nest a login inside a login, and keeps the page the login was asked for', () => {
    expect(loginPathFor('/login?redirect=%2Fadmin')).toBe('/login?redirect=%2Fadmin');
    expect(loginPathFor('/login')).toBe('/login');
    expect(loginPathFor('/')).toBe('/login');
  });
});
