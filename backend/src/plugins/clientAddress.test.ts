import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { rememberedClientAddress } from './clientAddress';

async function addressesSeen(trustProxy: string, calls: { remoteAddress: string; forwarded?: string }[]) {
  const app = Fastify({ trustProxy });
  const clientAddress = rememberedClientAddress();
  app.get('/', async (request) => ({ remembered: clientAddress(request), ip: request.ip }));
  const answers = [];
  for (const { remoteAddress, forwarded } of calls) {
    const res = await app.inject({
      url: '/',
      remoteAddress,
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    });
    answers.push(res.json<{ remembered: string; ip: string }>());
  }
  await app.close();
  return answers;
}

describe('the remembered client address (rate limits key on it)', () => {
  it('is what request.ip says, for each caller behind a trusted proxy, on the first and later requests', async () => {
    const calls = [
      { remoteAddress: '127.0.0.1', forwarded: '198.18.0.1' },
      { remoteAddress: '127.0.0.1', forwarded: '198.18.0.2' },
      { remoteAddress: '127.0.0.1', forwarded: '198.18.0.1' },
      { remoteAddress: '127.0.0.1', forwarded: '203.0.113.9, 198.18.0.2' },
      { remoteAddress: '127.0.0.1' },
    ];
    const answers = await addressesSeen('loopback', calls);
    expect(answers.map((a) => a.remembered)).toEqual([
      '198.18.0.1',
      '198.18.0.2',
      '198.18.0.1',
      '198.18.0.2',
      '127.0.0.1',
    ]);
    for (const a of answers) expect(a.remembered).toBe(a.ip);
  });

  it('does not believe X-Forwarded-For from a peer that is not a trusted proxy, even after a trusted one sent it', async () => {
    const answers = await addressesSeen('loopback', [
      { remoteAddress: '127.0.0.1', forwarded: '198.18.0.7' },
      { remoteAddress: '192.0.2.50', forwarded: '198.18.0.7' },
    ]);
    expect(answers.map((a) => a.remembered)).toEqual(['198.18.0.7', '192.0.2.50']);
  });
});
