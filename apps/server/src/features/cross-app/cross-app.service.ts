/**
 * Cross-app navigation (ADR 0032): instead of the source's tokens in the URL, the sister app gets a
 * random one-time code valid for 60 s, and redeems it server-to-server for the user's context.
 */
import { randomBytes } from 'node:crypto';
import type { CrossAppContext, CrossAppTargetInfo } from '@hr/shared/cross-app/cross-app.schemas';
import {
  CROSS_APP_CODE_TTL_MS,
  CROSS_APP_MESSAGES,
  CROSS_APP_PARAM,
  CROSS_APP_TARGET_LABELS,
  CROSS_APP_TARGETS,
  type CrossAppTarget,
} from '@hr/shared/cross-app/cross-app-constants';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../http/app-env.ts';
import { AppError, errors } from '../../http/app-error.ts';
import { sha256 } from '../../integrations/oauth-state.ts';
import { insertCrossAppCode, redeemCrossAppCode } from './cross-app.repository.ts';

export interface CrossAppDeps {
  db: Db;
  urls: Partial<Record<CrossAppTarget, string>>;
  publicUrl: string;
  /** Injected so tests can move time; Date.now in the app. */
  now?: () => number;
}

/** The configured sister apps with their origins: the only places a return link may lead (ADR 0058). */
export function listTargets(deps: CrossAppDeps): CrossAppTargetInfo[] {
  return CROSS_APP_TARGETS.flatMap((target) => {
    const url = deps.urls[target];
    return url ? [{ target, label: CROSS_APP_TARGET_LABELS[target], origin: new URL(url).origin }] : [];
  });
}

/** The return URL must be one of our own pages: the sister app sends the user back there. */
function ownUrl(deps: CrossAppDeps, returnUrl: string): string {
  try {
    const url = new URL(returnUrl, deps.publicUrl);
    const http = url.protocol === 'https:' || url.protocol === 'http:';
    if (http && !url.username && !url.password && url.origin === new URL(deps.publicUrl).origin)
      return url.toString();
  } catch {
    // falls through to the validation error
  }
  throw errors.validation(
    { returnUrl: 'Return URL must be a page of this app' },
    'Return URL must be a page of this app',
  );
}

export async function createCrossAppLink(
  deps: CrossAppDeps,
  principal: Principal,
  input: { target: CrossAppTarget; returnUrl: string; breadcrumb: { title: string; path: string }[] },
): Promise<{ url: string; expiresAt: string }> {
  const base = deps.urls[input.target];
  if (!base) throw errors.notFound(CROSS_APP_MESSAGES.notConfigured);
  const code = randomBytes(32).toString('base64url');
  const now = deps.now?.() ?? Date.now();
  const expiresAt = new Date(now + CROSS_APP_CODE_TTL_MS);
  const context: Omit<CrossAppContext, 'userId' | 'companyId'> = {
    email: principal.user.email,
    source: 'hr',
    returnUrl: ownUrl(deps, input.returnUrl),
    breadcrumb: input.breadcrumb,
  };
  await insertCrossAppCode(deps.db, {
    codeHash: sha256(code),
    companyId: principal.companyId,
    userId: principal.user.id,
    target: input.target,
    context,
    expiresAt,
  });
  const url = new URL(base);
  url.searchParams.set(CROSS_APP_PARAM, code);
  return { url: url.toString(), expiresAt: expiresAt.toISOString() };
}

export async function exchangeCrossAppCode(deps: CrossAppDeps, code: string): Promise<CrossAppContext> {
  const row = await redeemCrossAppCode(deps.db, sha256(code), new Date(deps.now?.() ?? Date.now()));
  if (!row) throw new AppError(401, 'CROSS_APP_CODE_INVALID', CROSS_APP_MESSAGES.invalidCode);
  const context = row.context as Omit<CrossAppContext, 'userId' | 'companyId'>;
  // Checked again on the way out: the sister app follows this URL, so it must be one of our pages.
  return {
    ...context,
    returnUrl: ownUrl(deps, context.returnUrl),
    userId: row.userId,
    companyId: row.companyId,
  };
}
