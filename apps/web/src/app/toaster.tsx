import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';

// Sonner reads these variables for its default toast; pointing them at the theme's keeps
// toasts in the palette of every theme, the dev terminal included.
const themedToast = {
  '--normal-bg': 'var(--km-surface)',
  '--normal-text': 'var(--km-fg)',
  '--normal-border': 'var(--km-border)',
} as CSSProperties;

/**
 * One toast at a time, five seconds each (specification §4, §9), mirrored for Arabic. At the top,
 * under the top bar: at the bottom corner it covered the row actions of the table it reported
 * on (a phone's cards end with their buttons).
 */
export function AppToaster() {
  const { t, i18n } = useTranslation();
  const [theme] = useTheme();
  const dir = i18n.dir();

  return (
    <Toaster
      visibleToasts={1}
      duration={5000}
      dir={dir}
      position="top-center"
      offset={72}
      mobileOffset={72}
      theme={theme === 'light' ? 'light' : 'dark'}
      closeButton
      containerAriaLabel={t('common.notifications')}
      style={themedToast}
      toastOptions={{ style: { fontFamily: 'var(--km-font)' } }}
    />
  );
}
