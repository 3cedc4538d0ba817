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
 * One toast at a time, five seconds each (specification §4, §9), mirrored for Arabic. Over the
 * top bar, at its end: at the bottom corner it covered the row actions of the table it reported
 * on (a phone's cards end with their buttons), and under the bar it covered the page's title.
 * Dialogs begin below the bar (components/ui/dialog.tsx), so their titles stay clear too.
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
      position={dir === 'rtl' ? 'top-left' : 'top-right'}
      offset={{ top: 6, right: 24, left: 24 }}
      mobileOffset={{ top: 6, right: 8, left: 8 }}
      theme={theme === 'light' ? 'light' : 'dark'}
      closeButton
      containerAriaLabel={t('common.notifications')}
      style={themedToast}
      toastOptions={{ style: { fontFamily: 'var(--km-font)' } }}
    />
  );
}
