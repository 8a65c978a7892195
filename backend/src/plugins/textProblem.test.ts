import { describe, expect, it } from 'vitest';
import { textProblem } from './security';

describe('what a JSON body may not hold', () => {
  it('refuses NUL, found at any depth', () => {
    expect(textProblem({ notes: 'Fade\u0000cut' })).toBe('Text may not contain NUL characters.');
    expect(textProblem({ a: [{ b: ['x', 'y\u0000'] }] })).toBe('Text may not contain NUL characters.');
  });

  it('refuses a lone surrogate, high or low, and keeps a pair (an emoji)', () => {
    expect(textProblem({ bio: 'Lone \uD800 surrogate' })).toBe('Text may not contain unpaired surrogate characters.');
    expect(textProblem({ bio: 'low \uDC00 alone' })).toBe('Text may not contain unpaired surrogate characters.');
    expect(textProblem({ bio: 'Fresh fade 💈' })).toBeUndefined();
  });

  it('lets through text that only reads like an escape', () => {
    expect(textProblem({ notes: String.raw`a \u0000 b \ud800 c \\u0000` })).toBeUndefined();
    expect(textProblem({ notes: 'a backslash \\ then NUL \u0000' })).toBe('Text may not contain NUL characters.');
  });

  it('answers a body nested too deeply to walk instead of running out of stack', () => {
    const deep = JSON.parse('['.repeat(20_000) + ']'.repeat(20_000));
    expect(textProblem(deep)).toBe('The request body is nested too deeply.');
    expect(textProblem({ a: { b: { c: [1, 2, 3] } } })).toBeUndefined();
  });
});
