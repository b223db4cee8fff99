/**
 * The entry of /auth, built apart from the app (auth.html, ADR 0125): React and the sign-in screen,
 * no router, no TanStack Query. The build prerenders the Sign In view into the HTML, so the form
 * paints before any script runs; this hydrates it (or renders afresh when the URL asks for another
 * view), reads the session and sends a signed-in visitor on, and registers the service worker.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AuthEntryApp, sendOnIfSignedIn } from './app/auth-entry-app';
import { isPrerenderedView } from './app/auth-screen';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from auth.html.');

const search = window.location.search;
const signedIn = sendOnIfSignedIn(search);
const app = (
  <StrictMode>
    <AuthEntryApp initialSearch={search} signedIn={signedIn} />
  </StrictMode>
);

if (container.firstElementChild && isPrerenderedView(new URLSearchParams(search))) {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}

// The app's service worker (prompt mode: the app itself offers updates, ADR 0104 keeps it off the
// compressed copies); registered once the page has loaded, off the sign-in page's critical path.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (private mode, an old browser): the page works without it.
    });
  });
}
