import { appLanguages, type AppLanguage } from '@keymarket/contracts/users';

const isAppLanguage = (code: string): code is AppLanguage =>
  (appLanguages as readonly string[]).includes(code);

/**
 * The language a request asks for in `Accept-Language` ("fr-CA,fr;q=0.9,en;q=0.5"): the most
 * wanted one the app speaks, by its primary tag ("fr-CA" is French); English when none is.
 */
export function requestLanguage(header: string | undefined): AppLanguage {
  const wanted = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { code: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q) : 1, index };
    })
    .filter(({ code, q }) => q > 0 && isAppLanguage(code))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = wanted[0]?.code;
  return first && isAppLanguage(first) ? first : 'en';
}
