import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesce';

/** A load whose calls finish only when the test says so. */
function controlledLoad() {
  const calls: { key: string; resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const load = (key: string) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ key, resolve, reject });
    });
  return { calls, load };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('coalesced reads', () => {
  it('serves callers that arrive during a read with the next read, never the one already running', async () => {
    const { calls, load } = controlledLoad();
    const read = coalesced(load);
    const first = read('miami');
    const waiting = Array.from({ length: 10 }, () => read('miami'));
    expect(calls).toHaveLength(1); // the ten wait; they do not start ten queries

    calls[0]!.resolve('before the write');
    expect(await first).toBe('before the write');
    await tick();
    expect(calls).toHaveLength(2); // one more read, started after all ten arrived
    calls[1]!.resolve('after the write');
    expect(await Promise.all(waiting)).toEqual(Array(10).fill('after the write'));
  });

  it('starts a fresh read when nothing is running, and keeps keys apart', async () => {
    const { calls, load } = controlledLoad();
    const read = coalesced(load);
    const a = read('miami');
    const b = read('boca_raton');
    expect(calls.map((c) => c.key)).toEqual(['miami', 'boca_raton']);
    calls[0]!.resolve('m');
    calls[1]!.resolve('b');
    expect([await a, await b]).toEqual(['m', 'b']);
    const again = read('miami');
    expect(calls).toHaveLength(3);
    calls[2]!.resolve('m2');
    expect(await again).toBe('m2');
  });

  it('gives a failure only to the callers of that read, and the next read runs', async () => {
    const { calls, load } = controlledLoad();
    const read = coalesced(load);
    const failing = read('x');
    const next = read('x');
    calls[0]!.reject(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await tick();
    calls[1]!.resolve('ok');
    expect(await next).toBe('ok');
  });
});
