import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/app';
import { currentUserQueryOptions } from './lib/auth/current-user';
import { i18nReady } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { applyStoredTheme } from './lib/theme';

// Before the first render, so a light-theme user never sees a flash of the dark default.
applyStoredTheme();

// An area's guard asks who is signed in before anything of the area renders: asked now, the
// answer comes while the locale and the area's chunks load instead of after them.
if (/^\/(admin|manager|reseller)(\/|$)/.test(window.location.pathname)) {
  void queryClient.prefetchQuery(currentUserQueryOptions());
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// A French or Arabic reader would otherwise see English for a moment while their locale loads.
// A failed load is not fatal: i18next falls back to English.
void i18nReady.finally(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
