import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

/**
 * The `screens` project (vite.config.ts): without Vitest's globals, Testing Library does
 * not unmount on its own, so each test's screen is taken down here, and the storage a
 * screen reads (the staff token, the language) starts empty for the next one.
 */
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
