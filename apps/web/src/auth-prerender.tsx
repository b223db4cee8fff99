/**
 * Build time only (apps/web/prerender-auth.mjs, ADR 0125): the Sign In view of the sign-in page as
 * HTML, written into auth.html so that the form paints before any script runs. `auth-entry.tsx`
 * hydrates it with the same tree.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { AuthEntryApp } from './app/auth-entry-app';

export function renderAuthPage(): string {
  return renderToString(
    <StrictMode>
      <AuthEntryApp initialSearch="" />
    </StrictMode>,
  );
}
