import { SLACK_RETRY_DELAYS_MS } from '@hr/shared/slack/slack-constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withRetries } from './retry';

afterEach(() => {
  vi.useRealTimers();
});

describe('channel load retries', () => {
  it('retries 3 times at 1, 2 and 4 s, then gives up', async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockRejectedValue(new Error('down'));
    const result = withRetries(load, SLACK_RETRY_DELAYS_MS).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3999);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(4);
    expect(await result).toBe('down');
  });

  it('stops at the first success and never retries a non-retryable error', async () => {
    const sleeps: number[] = [];
    const sleep = async (ms: number) => {
      sleeps.push(ms);
    };
    let calls = 0;
    const ok = await withRetries(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error('flaky');
        return 'channels';
      },
      [1000, 2000, 4000],
      { sleep },
    );
    expect(ok).toBe('channels');
    expect(sleeps).toEqual([1000, 2000]);

    const fatal = vi.fn().mockRejectedValue(new Error('missing_scope'));
    await expect(withRetries(fatal, [1000], { sleep, retryable: () => false })).rejects.toThrow(
      'missing_scope',
    );
    expect(fatal).toHaveBeenCalledTimes(1);
  });
});
