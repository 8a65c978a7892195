import { describe, expect, it } from 'vitest';
import { runEach } from './sweeper';

describe('one pass of the sweepers', () => {
  it('runs every sweeper after one fails, then fails naming it', async () => {
    const ran: string[] = [];
    const pass = runEach({
      refunds: async () => {
        ran.push('refunds');
        throw new Error('Missing key for job refund-1');
      },
      reminders: async () => {
        ran.push('reminders');
        return { queued: 1 };
      },
      notices: async () => {
        ran.push('notices');
        return {};
      },
    });
    await expect(pass).rejects.toThrow('refunds failed');
    expect(ran).toEqual(['refunds', 'reminders', 'notices']);
  });

  it("answers each sweeper's counts when none fails", async () => {
    expect(await runEach({ a: async () => ({ kept: 2 }), b: async () => 3 })).toEqual({ a: { kept: 2 }, b: 3 });
  });
});
