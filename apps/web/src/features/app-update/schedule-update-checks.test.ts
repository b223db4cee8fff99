import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '@/lib/config';
import { scheduleUpdateChecks } from './schedule-update-checks';

describe('scheduleUpdateChecks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks every 30 minutes and on window focus, until stopped', () => {
    const update = vi.fn(() => Promise.resolve());
    const stop = scheduleUpdateChecks({ update }, appConfig.updateCheckIntervalMs);
    expect(appConfig.updateCheckIntervalMs).toBe(1_800_000);

    vi.advanceTimersByTime(1_799_999);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(update).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('focus'));
    expect(update).toHaveBeenCalledTimes(2);

    stop();
    vi.advanceTimersByTime(1_800_000);
    window.dispatchEvent(new Event('focus'));
    expect(update).toHaveBeenCalledTimes(2);
  });

  it('swallows a failed check (offline)', async () => {
    const update = vi.fn(() => Promise.reject(new Error('offline')));
    const stop = scheduleUpdateChecks({ update }, 1000);
    window.dispatchEvent(new Event('focus'));
    await Promise.resolve();
    expect(update).toHaveBeenCalledTimes(1);
    stop();
  });
});
