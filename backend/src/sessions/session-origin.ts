import { createHmac } from 'node:crypto';

/** Where a login came from: the client's address and its User-Agent (the device, as far as a browser tells). */
export interface SessionOrigin {
  address?: string;
  device?: string;
}

/**
 * Keyed hashes (HMAC-SHA256 under INTEGRITY_HASH_SECRET) of a login's device and address, so the
 * integrity analysis can tell that two opponents logged in from the same phone or network without
 * the server keeping either (docs/rating.md#integrity). An empty value hashes to null.
 */
export function sessionOriginHashes(secret: string, origin: SessionOrigin): { device: string | null; address: string | null } {
  const hash = (kind: string, value?: string) => (value?.trim() ? createHmac('sha256', secret).update(`${kind}:${value.trim()}`).digest('base64url') : null);
  return { device: hash('device', origin.device), address: hash('address', origin.address) };
}
