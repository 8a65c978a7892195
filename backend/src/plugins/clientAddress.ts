import type { FastifyRequest } from 'fastify';

const MAX_REMEMBERED = 10_000;

/**
 * `request.ip` remembered per (peer address, X-Forwarded-For) pair. Behind a trusted proxy Fastify's getter
 * parses every address of the header on each call (proxy-addr), a tenth of an anonymous request's CPU in the
 * rate limit's profile; the answer depends on those two values only, so it is kept for the next request of
 * the same caller through the same proxy.
 */
export function rememberedClientAddress(): (request: FastifyRequest) => string {
  const known = new Map<string, string>();
  return function clientAddress(request: FastifyRequest): string {
    const forwarded = request.headers['x-forwarded-for'];
    const key = `${request.socket.remoteAddress}|${forwarded === undefined ? '' : String(forwarded)}`;
    let address = known.get(key);
    if (address === undefined) {
      address = request.ip;
      if (known.size >= MAX_REMEMBERED) known.clear();
      known.set(key, address);
    }
    return address;
  };
}
