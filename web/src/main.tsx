import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import './index.css';

// A page chunk that fails to load (the server is away, or a deploy replaced it) is not answered
// with a reload, which would leave the tab on the browser's error page while the server is
// away: the page's error panel offers Retry in place (app/page-error-boundary.tsx).

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
