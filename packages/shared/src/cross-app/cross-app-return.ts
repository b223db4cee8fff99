/**
 * Who may send the user back to us, and where Go Back may lead: only the sister apps this server is
 * configured for (CRM_APP_URL, HR_APP_URL), named by our own label, and only to a page of the
 * sister app that sent them. Anything else in `?crossApp=` is an attacker's text or link. No zod.
 */
import type { CrossAppTarget } from './cross-app-constants.ts';

/** The WHATWG URL of browsers and Node (this package is built without DOM or Node types). */
declare const URL: new (
  url: string,
) => { protocol: string; origin: string; username: string; password: string; toString(): string };

/** A configured sister app, as GET /api/v1/cross-app/targets lists it. */
export interface SisterApp {
  target: CrossAppTarget;
  label: string;
  /** The origin of its configured URL, e.g. https://crm.example.com */
  origin: string;
}

export interface ResolvedReturn {
  /** Our label of the sister app (never the text the link carried). */
  source: string;
  returnUrl?: string;
}

/** The sister app a `source` names: its target key or its label, in any case. */
export function sisterAppNamed(source: string, apps: readonly SisterApp[]): SisterApp | undefined {
  const name = source.trim().toLowerCase();
  return apps.find((a) => a.target === name || a.label.toLowerCase() === name);
}

/** An http(s) URL on the sister app's own origin, normalised; undefined for anything else. */
export function sisterAppUrl(url: string, app: SisterApp): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    if (parsed.username || parsed.password) return undefined;
    return parsed.origin === app.origin ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The return context to show, or null when the link names no configured sister app or its return
 * URL leads anywhere but that app (the caller then says the return could not be authenticated).
 */
export function resolveReturn(
  context: { source: string; returnUrl?: string | undefined },
  apps: readonly SisterApp[],
): ResolvedReturn | null {
  const app = sisterAppNamed(context.source, apps);
  if (!app) return null;
  if (context.returnUrl === undefined || context.returnUrl === '') return { source: app.label };
  const returnUrl = sisterAppUrl(context.returnUrl, app);
  return returnUrl ? { source: app.label, returnUrl } : null;
}
