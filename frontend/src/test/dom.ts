/*
 * Shared set-up of the frontend's DOM tests (Testing Library on happy-dom). A test file that renders
 * into a document starts with the docblock `// @vitest-environment happy-dom` and imports this file
 * first: it unmounts what each test rendered and clears the browser storage between tests (the
 * root Vitest config does not enable globals, so Testing Library cannot register that itself).
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor give up after 5 s instead of 1: under CI's load (two cores, the backend suites beside) a
// first render and its fetch took over a second. They still pass as soon as the condition holds.
configure({ asyncUtilTimeout: 5000 });

// React's act() warnings are only silenced in an environment that says it supports act.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
