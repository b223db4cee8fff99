/** The console guard every web test runs under (vitest.setup.ts) fails a test that logs. */
import { describe, expect, it, vi } from 'vitest';
import { installConsoleGuard } from './console-guard.ts';

describe('console guard', () => {
  it('fails on console.error and console.warn, naming what was logged', () => {
    const errorGuard = installConsoleGuard();
    console.error('Warning: Each child in a list should have a unique "key" prop.');
    expect(() => errorGuard.check()).toThrow(/console\.error: Warning: Each child in a list/);

    const warnGuard = installConsoleGuard();
    console.warn('deprecated');
    expect(() => warnGuard.check()).toThrow(/console\.warn: deprecated/);
  });

  it('passes a test that logs nothing, or that spies on the console itself', () => {
    const quiet = installConsoleGuard();
    expect(() => quiet.check()).not.toThrow();

    const expected = installConsoleGuard();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    console.error('an expected failure');
    expect(spy).toHaveBeenCalledOnce();
    expect(() => expected.check()).not.toThrow();
  });
});
