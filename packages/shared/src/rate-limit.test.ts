import { describe, expect, it } from 'vitest';
import {
  checkRateLimit,
  currentWindow,
  RATE_LIMITS,
  retryAfterMinutes,
  verdictAfterCount,
} from './rate-limit.ts';

const start = new Date('2026-01-01T10:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

describe('fixed-window rate limit', () => {
  it('allows attempts until the window is used up', () => {
    const rule = RATE_LIMITS.signUp;
    expect(checkRateLimit(null, start, rule).allowed).toBe(true);
    expect(checkRateLimit({ count: 4, windowStart: start }, at(1), rule).allowed).toBe(true);
    const blocked = checkRateLimit({ count: 5, windowStart: start }, at(1), rule);
    expect(blocked).toEqual({ allowed: false, retryAfterSeconds: 14 * 60 });
  });

  it('opens a fresh window once 15 minutes have passed', () => {
    const rule = RATE_LIMITS.login;
    expect(checkRateLimit({ count: 10, windowStart: start }, at(14.99), rule).allowed).toBe(false);
    expect(checkRateLimit({ count: 10, windowStart: start }, at(15), rule).allowed).toBe(true);
    expect(currentWindow({ count: 10, windowStart: start }, at(15), rule)).toEqual({
      count: 0,
      windowStart: at(15),
    });
  });

  it('has the spec limits', () => {
    expect(RATE_LIMITS.signUp).toEqual({ max: 5, windowMs: 15 * 60_000 });
    expect(RATE_LIMITS.login).toEqual({ max: 10, windowMs: 15 * 60_000 });
  });

  it('never asks to wait less than a second', () => {
    const result = checkRateLimit(
      { count: 10, windowStart: start },
      new Date(at(15).getTime() - 1),
      RATE_LIMITS.login,
    );
    expect(result.retryAfterSeconds).toBe(1);
  });
});

describe('verdict on an attempt already counted', () => {
  it('allows the attempts up to the maximum and refuses the next one with the wait', () => {
    const rule = RATE_LIMITS.login;
    expect(verdictAfterCount({ count: 1, windowStart: start }, start, rule).allowed).toBe(true);
    expect(verdictAfterCount({ count: 10, windowStart: start }, at(1), rule).allowed).toBe(true);
    expect(verdictAfterCount({ count: 11, windowStart: start }, at(1), rule)).toEqual({
      allowed: false,
      retryAfterSeconds: 14 * 60,
    });
    expect(verdictAfterCount({ count: 50, windowStart: start }, at(15), rule).retryAfterSeconds).toBe(1);
  });

  it('rounds the wait up to whole minutes, at least one', () => {
    expect(retryAfterMinutes(1)).toBe(1);
    expect(retryAfterMinutes(60)).toBe(1);
    expect(retryAfterMinutes(61)).toBe(2);
    expect(retryAfterMinutes(14 * 60)).toBe(14);
  });
});
