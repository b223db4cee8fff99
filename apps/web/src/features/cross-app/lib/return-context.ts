/**
 * Reads the `crossApp` context a sister app sends the user back with: base64url JSON, no secrets.
 * Only a configured sister app may be named, and Go Back may lead only to that app (ADR 0058).
 */

import { type ReturnContext, returnContextSchema } from '@hr/shared/cross-app/cross-app.schemas';
import { type ResolvedReturn, resolveReturn, type SisterApp } from '@hr/shared/cross-app/cross-app-return';

export function parseReturnContext(raw: string): ReturnContext | null {
  try {
    const json = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = returnContextSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The context to show, checked against the sister apps the server is configured for; null otherwise. */
export function readReturnContext(raw: string, apps: readonly SisterApp[]): ResolvedReturn | null {
  const context = parseReturnContext(raw);
  return context ? resolveReturn(context, apps) : null;
}

export function encodeReturnContext(context: ReturnContext): string {
  return btoa(JSON.stringify(context)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
