import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For tests that render the whole app on a fake API answering only what they are about: the rest of the
 * screens log the calls left unanswered, so console.warn and console.error are quieted during each test;
 * after it, stubbed globals and spied methods are restored. Call once at the top level of a test file.
 */
export function quietConsole() {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
