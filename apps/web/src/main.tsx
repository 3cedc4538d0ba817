import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/app';
import { i18nReady } from './lib/i18n';
import { applyStoredTheme } from './lib/theme';

// Before the first render, so a light-theme user never sees a flash of the dark default.
applyStoredTheme();

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
