/** Fixed-window rate limiting arithmetic, kept pure so the window rules are tested on their own. */

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimitWindow {
  count: number;
  windowStart: Date;
}

export const RATE_LIMITS = {
  signUp: { max: 5, windowMs: 15 * 60 * 1000 },
  login: { max: 10, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * The public calendar feeds (ADR 0099): per client IP (offices and calendar services share addresses,
 * so it is generous) and per feed (calendar apps poll every few minutes to hours).
 */
export const RATE_LIMITS_ICAL = {
  perIp: { max: 600, windowMs: 60 * 60 * 1000 },
  perFeed: { max: 60, windowMs: 60 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Per-IP limits across emails, so that one address cannot lock many accounts out (ADR 0052): the
 * maximum comes from the server's environment (RATE_LIMIT_IP_SIGNIN, RATE_LIMIT_IP_SIGNUP), the
 * window is one hour.
 */
export const IP_RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;
export const IP_RATE_LIMIT_DEFAULTS = { signIn: 100, signUp: 20 } as const;

/**
 * The verdict on an attempt that has already been counted (`window.count` includes it): allowed
 * while the count is within the maximum, else how many seconds until the window ends.
 */
export function verdictAfterCount(
  window: RateLimitWindow,
  now: Date,
  rule: RateLimitRule,
): { allowed: boolean; retryAfterSeconds: number } {
  if (window.count <= rule.max) return { allowed: true, retryAfterSeconds: 0 };
  const resetAt = window.windowStart.getTime() + rule.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)) };
}

/** Whole minutes to wait, rounded up (at least 1), for "Try again in N minutes." */
export function retryAfterMinutes(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** The window that applies at `now`: the stored one while it lasts, else a fresh empty one. */
export function currentWindow(
  stored: RateLimitWindow | null,
  now: Date,
  rule: RateLimitRule,
): RateLimitWindow {
  if (!stored || now.getTime() - stored.windowStart.getTime() >= rule.windowMs) {
    return { count: 0, windowStart: now };
  }
  return stored;
}

/** Whether one more attempt is allowed, and how many seconds to wait when it is not. */
export function checkRateLimit(
  stored: RateLimitWindow | null,
  now: Date,
  rule: RateLimitRule,
): { allowed: boolean; retryAfterSeconds: number } {
  const window = currentWindow(stored, now, rule);
  if (window.count < rule.max) return { allowed: true, retryAfterSeconds: 0 };
  const resetAt = window.windowStart.getTime() + rule.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)) };
}
