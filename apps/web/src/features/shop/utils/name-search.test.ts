import { describe, expect, it } from 'vitest';
import { itemsMatching, nameSearchOf } from './name-search';

const named = (...names: string[]) => nameSearchOf(names.map((name) => ({ name })));
const namesMatching = (names: string[], text: string) =>
  itemsMatching(named(...names), text).map((item) => item.name);

describe('the shop search in the page (the server rule: name ILIKE %term%)', () => {
  it('finds a substring of the name anywhere in it, case aside', () => {
    const names = ['Steam Wallet 20', 'Netflix Premium', 'PlayStation Plus', 'steam deck'];
    expect(namesMatching(names, 'STEAM')).toEqual(['Steam Wallet 20', 'steam deck']);
    expect(namesMatching(names, 'lix prem')).toEqual(['Netflix Premium']);
    expect(namesMatching(names, 'tation p')).toEqual(['PlayStation Plus']);
  });

  it('gives the whole list, in its order, for blank text', () => {
    const search = named('B', 'A');
    expect(itemsMatching(search, '')).toBe(search.items);
    expect(itemsMatching(search, '   ')).toBe(search.items);
  });

  it('trims the text, as the contract trims ?search=, but keeps its inner spaces', () => {
    expect(namesMatching(['Steam Wallet', 'SteamWallet'], '  steam wallet ')).toEqual([
      'Steam Wallet',
    ]);
  });

  it('lowers French accented capitals and finds Arabic as written', () => {
    const names = ['ÉCRAN 4K', 'Carte cadeau Noël', 'بطاقة ستيم', 'FRANÇAIS'];
    expect(namesMatching(names, 'écran')).toEqual(['ÉCRAN 4K']);
    expect(namesMatching(names, 'NOËL')).toEqual(['Carte cadeau Noël']);
    expect(namesMatching(names, 'ستيم')).toEqual(['بطاقة ستيم']);
    expect(namesMatching(names, 'français')).toEqual(['FRANÇAIS']);
  });

  it('does not fold accents, as ILIKE does not', () => {
    expect(namesMatching(['Écran'], 'ecran')).toEqual([]);
  });

  it('takes % _ and \\ as letters, as the server escapes them', () => {
    const names = ['50% off', '50 off', 'a_b', 'axb', 'C:\\games'];
    expect(namesMatching(names, '50%')).toEqual(['50% off']);
    expect(namesMatching(names, 'a_b')).toEqual(['a_b']);
    expect(namesMatching(names, ':\\g')).toEqual(['C:\\games']);
  });

  it('searches the name only', () => {
    const search = nameSearchOf([{ name: 'Netflix', description: 'steam' }]);
    expect(itemsMatching(search, 'steam')).toEqual([]);
  });
});
