import { isIP } from 'node:net';
import { registerDecorator } from 'class-validator';

/** Ranges Fastify's trustProxy knows by name (proxy-addr's). */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** The entries of TRUSTED_PROXIES: trimmed, empty ones dropped. */
export function trustedProxyList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** An IP address, an address/prefix range, or a named range. */
export function isTrustedProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * What Fastify's `trustProxy` gets: false without proxies (X-Forwarded-For is then ignored and
 * the connection's address is the client's), else the list it walks X-Forwarded-For against.
 */
export function trustProxyOption(value: string): false | string[] {
  const list = trustedProxyList(value);
  return list.length ? list : false;
}

export function IsTrustedProxyList(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isTrustedProxyList',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `TRUSTED_PROXIES must be comma-separated IP addresses, CIDR ranges, or ${NAMED_RANGES.join('/')}` },
      validator: { validate: (value: unknown) => typeof value === 'string' && trustedProxyList(value).every(isTrustedProxyEntry) },
    });
}
