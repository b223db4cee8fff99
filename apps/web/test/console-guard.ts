/**
 * epic-stack's console guard: every console.error and console.warn a test writes is recorded, and
 * the test fails afterwards. A test that expects a log spies on the console itself
 * (`vi.spyOn(console, 'error').mockImplementation(...)`), which replaces the guard for that test.
 */
import { vi } from 'vitest';

/** The console's own functions, taken before any guard or spy replaces them. */
const originals = { error: console.error, warn: console.warn };

export interface ConsoleGuard {
  /** Restores the console and throws when anything was logged while the guard was on. */
  check(): void;
}

export function installConsoleGuard(): ConsoleGuard {
  const logged: string[] = [];
  const guards = (['error', 'warn'] as const).map((level) => {
    const original = originals[level];
    return vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      original(...args);
      logged.push(
        `console.${level}: ${args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')}`,
      );
    });
  });
  return {
    check() {
      for (const guard of guards) guard.mockRestore();
      if (logged.length) {
        throw new Error(
          `The test logged ${logged.length} console error/warning(s); fix the cause, or spy on the console in the test when the log is expected:\n${logged.join('\n')}`,
        );
      }
    },
  };
}
