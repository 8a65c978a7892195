/*
 * Shared set-up of the frontend's DOM tests (Testing Library on happy-dom). A test file that renders
 * into a document starts with the docblock `// @vitest-environment happy-dom` and imports this file
 * first: it unmounts what each test rendered and clears the browser storage between tests (the
 * root Vitest config does not enable globals, so Testing Library cannot register that itself).
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';

// findBy/waitFor give up after 5 s instead of 1: under CI's load (two cores, the backend suites beside) a
// first render and its fetch took over a second. They still pass as soon as the condition holds.
configure({ asyncUtilTimeout: 5000 });

// React's act() warnings are only silenced in an environment that says it supports act.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Markup a browser would re-parse (a <div> inside a <p>, a <button> in a <button>) fails the test that rendered it:
// React only logs it, and screen readers then meet another tree than the one tested.
const INVALID_NESTING = /cannot be a descendant of|cannot contain a nested|cannot be a child of/;
let invalidNesting: string[] = [];
const logError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (args.some((a) => typeof a === 'string' && INVALID_NESTING.test(a))) invalidNesting.push(String(args[0]));
  logError(...args);
};
beforeEach(() => {
  invalidNesting = [];
});

afterEach(() => {
  cleanup();
  expect(invalidNesting, 'invalid HTML nesting rendered').toEqual([]);
  window.sessionStorage.clear();
  window.localStorage.clear();
});
