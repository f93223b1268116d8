import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import AppProviders from './app/AppProviders';
import { loadRtlCache } from './app/emotionCaches';
import { router } from './app/router';
import { initI18n } from './i18n';
import { localeDirection } from './i18n/locales';

async function start(): Promise<void> {
  const i18n = await initI18n();
  // A right-to-left language needs its style cache before the first paint.
  if (localeDirection(i18n.language) === 'rtl') await loadRtlCache();
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
