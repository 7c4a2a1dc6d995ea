import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import https, { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { PushPayload } from '@gotnext/shared';
import { auth, type Player } from './matches';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as { decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer };

/** A device as a browser would be: its own P-256 key pair and auth secret. */
export interface TestDevice {
  endpoint: string;
  ecdh: ReturnType<typeof createECDH>;
  authSecret: Buffer;
}

/**
 * A throwaway certificate for 127.0.0.1 and localhost, for a test's own HTTPS push service (which
 * only the test process trusts: https.globalAgent.options.ca).
 */
export function selfSignedLoopbackCert(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'gotnext-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
}

/**
 * A push service of the test's own on 127.0.0.1 (HTTPS with a throwaway certificate this process
 * trusts; the env needs PUSH_TEST_HOSTS=127.0.0.1), as in push.int-spec.ts: it records what the
 * worker sends, and each device decrypts its pushes with its private key as a browser would.
 */
export async function startPushService() {
  const { key, cert } = selfSignedLoopbackCert();
  const received: { path: string; body: Buffer }[] = [];
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // web-push posts through https.globalAgent: only this test process trusts the certificate.
  https.globalAgent.options.ca = [cert];

  return {
    /** Registers a new device of `p` through the API. */
    async subscribe(url: string, p: Player): Promise<TestDevice> {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${base}/push/${randomBytes(8).toString('hex')}`;
      await request(url)
        .post('/api/push/subscriptions')
        .set(auth(p))
        .send({ endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } })
        .expect(200);
      return { endpoint, ecdh, authSecret };
    },
    /** What reached this device so far, decrypted. */
    pushesTo(d: TestDevice): PushPayload[] {
      const path = new URL(d.endpoint).pathname;
      return received
        .filter((r) => r.path === path)
        .map((r) => JSON.parse(ece.decrypt(r.body, { version: 'aes128gcm', privateKey: d.ecdh, authSecret: d.authSecret }).toString('utf8')) as PushPayload);
    },
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
