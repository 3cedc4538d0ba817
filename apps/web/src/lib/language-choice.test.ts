import { describe, expect, it } from 'vitest';
import { firstSpoken, languageFor } from './language-choice';

describe('the language a reader is shown', () => {
  it('is the browser’s on a first visit, before the site’s default', () => {
    expect(languageFor({ chosen: null, browser: ['fr-FR', 'fr'], siteDefault: 'en' })).toBe('fr');
    expect(languageFor({ chosen: null, browser: ['ar-EG'], siteDefault: 'fr' })).toBe('ar');
    expect(languageFor({ chosen: null, browser: ['en-GB'], siteDefault: 'ar' })).toBe('en');
  });

  it('is the reader’s own choice above all', () => {
    expect(languageFor({ chosen: 'ar', browser: ['fr-FR'], siteDefault: 'en' })).toBe('ar');
  });

  it('is the browser’s first language the app speaks, in the browser’s order', () => {
    expect(languageFor({ chosen: null, browser: ['de-DE', 'ar', 'fr'], siteDefault: 'en' })).toBe(
      'ar',
    );
  });

  it('is the site’s default when the browser asks for none the app speaks', () => {
    expect(languageFor({ chosen: null, browser: ['de-DE', 'es'], siteDefault: 'fr' })).toBe('fr');
    expect(languageFor({ chosen: null, browser: [], siteDefault: 'ar' })).toBe('ar');
  });

  it('is English when nothing else applies', () => {
    expect(languageFor({ chosen: null, browser: ['de'], siteDefault: null })).toBe('en');
    expect(languageFor({ chosen: 'xx', browser: ['de'], siteDefault: 'zz' })).toBe('en');
  });
});

describe('firstSpoken', () => {
  it('reads regional variants and any case as their language', () => {
    expect(firstSpoken(['FR-ca'])).toBe('fr');
    expect(firstSpoken(['ar_SA'])).toBe('ar');
    expect(firstSpoken(['frr', 'arn', ''])).toBeUndefined();
  });
});
