import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { SignedInBanner } from './SignedInBanner';

/* Issue 11 item 7: an account made a minute ago was greeted "Welcome back". */

const now = new Date('2026-11-23T15:00:00.000Z');
const text = (createdAt: string) =>
  renderToStaticMarkup(
    <Router ssrPath="/">
      <SignedInBanner name="Ana Diaz" createdAt={createdAt} now={now} />
    </Router>,
  ).replace(/<[^>]+>/g, ' ');

describe('SignedInBanner', () => {
  it('greets a new account as new', () => {
    const html = text('2026-11-23T14:59:00.000Z');
    expect(html).toContain('Welcome, Ana Diaz');
    expect(html).not.toContain('Welcome back');
  });

  it('greets a returning customer with "Welcome back"', () => {
    expect(text('2026-10-02T09:00:00.000Z')).toContain('Welcome back, Ana Diaz');
  });
});
