/** Unmounts what each test rendered; Testing Library only does this itself when vitest globals are on. */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
