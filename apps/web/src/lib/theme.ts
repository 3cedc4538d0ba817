import { createStoredValue } from './stored-value';
import { storageKeys } from './storage';

/** `dark` is the default the specification references without listing it as a choice. */
export const themes = ['dark', 'purple', 'black', 'light', 'dev'] as const;
export type Theme = (typeof themes)[number];
export const DEFAULT_THEME: Theme = 'dark';

export function isTheme(value: string | null): value is Theme {
  return themes.some((theme) => theme === value);
}

const storedTheme = createStoredValue<Theme>({
  key: storageKeys.theme,
  parse: (raw) => (isTheme(raw) ? raw : DEFAULT_THEME),
  serialize: (theme) => theme,
});

/** The palettes live in index.css under `html[data-theme=…]`. */
function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

export function applyStoredTheme(): void {
  applyTheme(storedTheme.get());
}

// Every change, from this tab or another one, repaints the page.
storedTheme.subscribe(applyStoredTheme);

export function setTheme(theme: Theme): void {
  storedTheme.set(theme);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme] = storedTheme.useValue();
  return [theme, setTheme];
}
