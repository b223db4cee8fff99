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
