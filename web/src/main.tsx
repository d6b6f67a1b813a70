import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import './index.css';

const RELOAD_MARK = 'vidshare:chunk-reload-at';
const RELOAD_COOLDOWN_MS = 30_000;

// After a deploy, an open tab may ask for page chunks that no longer exist. One reload picks
// up the new build; the timestamp stops a reload loop when the chunk is missing for another
// reason (offline, server down), and the error screen takes over instead.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
  if (Date.now() - last < RELOAD_COOLDOWN_MS) return;
  sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
