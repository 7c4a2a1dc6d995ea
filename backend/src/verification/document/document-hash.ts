import { createHmac } from 'node:crypto';
import type { DocumentKey } from '../id-checker';

/**
 * The keyed hash that stands for a document (docs/identity-rules.md#one-person-one-account):
 * HMAC-SHA256 with ID_DOCUMENT_SECRET of the jurisdiction and the number, both upper-cased with
 * spaces and dashes dropped (cards print "D123-4567", barcodes "D1234567"). Without the key the
 * hash cannot be tested against guessed numbers; the number itself is never stored.
 */
export function documentHash(secret: string, key: DocumentKey): string {
  const norm = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return createHmac('sha256', secret)
    .update(`${norm(key.jurisdiction)}:${norm(key.number)}`)
    .digest('hex');
}
