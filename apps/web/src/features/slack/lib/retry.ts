/** Runs `load`, retrying after each delay (spec: 3 retries at 1, 2 and 4 s) unless `retryable` says no. */
export async function withRetries<T>(
  load: () => Promise<T>,
  delays: readonly number[],
  options: { retryable?: (error: unknown) => boolean; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || (options.retryable && !options.retryable(error))) throw error;
      await sleep(delay);
    }
  }
}
