/**
 * Unmounts what each test rendered (Testing Library only does this itself when vitest globals are
 * on), and fails any test that logs console.error or console.warn (test/console-guard.ts): React's
 * act() and key warnings, a failed query, a prop mix-up all surface as a failing test.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { type ConsoleGuard, installConsoleGuard } from './test/console-guard.ts';

let guard: ConsoleGuard | undefined;

beforeEach(() => {
  guard = installConsoleGuard();
});

afterEach(() => {
  cleanup();
  const current = guard;
  guard = undefined;
  current?.check();
});
