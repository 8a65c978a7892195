import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { AppError, ipWhitelistEntries, type Role } from '@barber/shared';

/** An administrator's sign-in or request from an address the platform's IP whitelist does not list. */
export const ADMIN_ADDRESS_REFUSED = 'The admin area cannot be used from this address (IP whitelist).';

/** "IP whitelist": an administrator signs in and acts only from the listed addresses; other roles anywhere. */
export function assertAdminAddress(whitelist: string, role: Role, address: string): void {
  if (role === 'admin' && !addressAllowed(whitelist, address)) throw new AppError('FORBIDDEN', ADMIN_ADDRESS_REFUSED);
}

/**
 * The platform setting ipWhitelist as a check of a client address: empty lets every address through; else
 * only the listed addresses and CIDR ranges. Entries that are neither (a value stored before writes were
 * checked) are skipped. Built once per text of the setting.
 */
let built: { text: string; list: BlockList | null } | undefined;

export function addressAllowed(whitelist: string, address: string): boolean {
  if (built?.text !== whitelist) built = { text: whitelist, list: toBlockList(whitelist) };
  if (!built.list) return true;
  const family = isIP(address);
  if (family === 0) return false;
  return built.list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function toBlockList(text: string): BlockList | null {
  const list = new BlockList();
  let entries = 0;
  for (const entry of ipWhitelistEntries(text)) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 0) continue;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else if (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
      list.addSubnet(address, Number(prefix), type);
    else continue; // "10.0.0.0/" or "/33": never a range wider than was meant, never a throw on every request
    entries += 1;
  }
  return entries > 0 ? list : null;
}

/**
 * The client address of a request Fastify does not see (the live socket's handshake), by the same rule as its
 * `request.ip`: the peer, or the X-Forwarded-For address the trusted proxies (TRUST_PROXY) vouch for.
 */
export function clientAddressOf(trust: false | string[] | ((address: string, hop: number) => boolean)) {
  const trusted = trust === false ? () => false : typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  return (request: IncomingMessage): string => proxyAddr(request, trusted);
}
