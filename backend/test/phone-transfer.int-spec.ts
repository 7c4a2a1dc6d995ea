import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestEnv, TestEnv } from './support/harness';

/** One GET, with the body as raw bytes (no client-side decompression) and the headers as sent. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

// docs/api.md#compression
describe('transfer: precompressed assets and compressed JSON', () => {
  let env: TestEnv;
  let url: string;
  const spa = mkdtempSync(join(tmpdir(), 'gotnext-spa-'));
  const script = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;

  beforeAll(async () => {
    mkdirSync(join(spa, 'assets'));
    writeFileSync(join(spa, 'index.html'), '<!doctype html><title>GotNext</title><div id="root"></div>');
    writeFileSync(join(spa, 'assets', 'app-abc123.js'), script);
    // What the build writes beside each text asset (vite-plugin-compression2).
    writeFileSync(join(spa, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(spa, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    env = await createTestEnv({ STATIC_DIR: spa });
    url = (await env.startApi()).url;
  });
  afterAll(() => env.close());

  it('sends the brotli file to a browser that accepts it, with Vary and the long cache kept', async () => {
    const res = await rawGet(`${url}/assets/app-abc123.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that accepts neither', async () => {
    const gz = await rawGet(`${url}/assets/app-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await rawGet(`${url}/assets/app-abc123.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('compresses JSON answers above the threshold and leaves small ones alone', async () => {
    // The OpenAPI document is well above 1 KB; the health answer is a few bytes.
    const big = await rawGet(`${url}/api/docs/json`, { 'accept-encoding': 'br, gzip', authorization: `Basic ${Buffer.from('admin:admin-secret').toString('base64')}` });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(String(big.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(big.body).toString()).paths).toBeDefined();

    const gz = await rawGet(`${url}/api/docs/json`, { 'accept-encoding': 'gzip', authorization: `Basic ${Buffer.from('admin:admin-secret').toString('base64')}` });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString()).paths).toBeDefined();

    const small = await rawGet(`${url}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ status: 'ok' });
  });

  it('compresses the SPA page served for a client route', async () => {
    const page = await rawGet(`${url}/leaderboard`, { 'accept-encoding': 'gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const html = page.headers['content-encoding'] === 'gzip' ? gunzipSync(page.body).toString() : page.body.toString();
    expect(html).toContain('<div id="root">');
  });
});
