import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { MSG } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { signupAndLogin } from './support/players';

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
  // What the build inlines into index.html (frontend/build/inline-boot.ts), and a page big enough to compress.
  const bootScript = 'document.documentElement.dataset.boot = "1";';
  const skeleton = '<span class="boot-line"></span>'.repeat(60);

  beforeAll(async () => {
    mkdirSync(join(spa, 'assets'));
    writeFileSync(
      join(spa, 'index.html'),
      `<!doctype html><head><meta charset="UTF-8" />\n<script>${bootScript}</script><!--gotnext:meta--><title>GotNext</title><meta property="og:title" content="GotNext" /><!--/gotnext:meta--></head><div id="root">${skeleton}</div>`,
    );
    // What the build lists per route (frontend/build/route-preloads.ts).
    writeFileSync(
      join(spa, 'route-preloads.json'),
      JSON.stringify([
        { path: '/', scripts: ['/assets/HomePage-h1.js'], styles: [] },
        { path: '/pregame/:matchId', scripts: ['/assets/LobbyPage-l1.js', '/assets/matches-m1.js'], styles: ['/assets/matches-m1.css'] },
      ]),
    );
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
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(String(page.headers.vary)).toMatch(/accept-encoding/i);
    expect(gunzipSync(page.body).toString()).toContain('<div id="root">');
    const br = await rawGet(`${url}/pregame/7`, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('<div id="root">');
  });

  // docs/architecture.md#phone-app
  it("lets index.html's own inline script run by its hash, and no other inline script", async () => {
    const page = await rawGet(`${url}/`, { 'accept-encoding': 'identity' });
    const csp = String(page.headers['content-security-policy']);
    const hash = createHash('sha256').update(bootScript).digest('base64');
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("lists the page's own chunks before the boot script, only for its route", async () => {
    const listed = (html: string) => JSON.parse(/<script type="application\/json" id="gotnext-preloads">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');
    const lobby = (await rawGet(`${url}/pregame/42`, { 'accept-encoding': 'identity' })).body.toString();
    expect(listed(lobby)).toEqual({ scripts: ['/assets/LobbyPage-l1.js', '/assets/matches-m1.js'], styles: ['/assets/matches-m1.css'] });
    // Before the boot script, which reads it; and as data only, never as tags the browser fetches at once.
    expect(lobby.indexOf('gotnext-preloads')).toBeLessThan(lobby.indexOf(bootScript));
    expect(lobby).not.toContain('rel="modulepreload"');
    const home = (await rawGet(`${url}/`, { 'accept-encoding': 'identity' })).body.toString();
    expect(listed(home)).toEqual({ scripts: ['/assets/HomePage-h1.js'], styles: [] });
    const other = (await rawGet(`${url}/pregame/42/extra`, { 'accept-encoding': 'identity' })).body.toString();
    expect(listed(other)).toBeNull();
  });
});

// docs/product.md#link-previews
describe('link previews: Open Graph and Twitter tags written by the server', () => {
  let env: TestEnv;
  let url: string;
  const spa = mkdtempSync(join(tmpdir(), 'gotnext-spa-'));
  const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

  beforeAll(async () => {
    writeFileSync(
      join(spa, 'index.html'),
      '<!doctype html><head><!--gotnext:meta--><title>GotNext</title><meta property="og:title" content="GotNext" /><!--/gotnext:meta--></head><div id="root"></div>',
    );
    env = await createTestEnv({ STATIC_DIR: spa });
    url = (await env.startApi()).url;
  });
  afterAll(() => env.close());

  it('home has the home card with absolute URLs', async () => {
    const page = (await request(url).get('/').expect(200)).text;
    expect(page).toContain(`<title>${MSG.previewHomeTitle}</title>`);
    expect(meta(page, 'og:title')).toBe(MSG.previewHomeTitle);
    expect(meta(page, 'og:url')).toBe('http://gotnext.test/');
    expect(meta(page, 'og:image')).toBe('http://gotnext.test/icons/icon-512.png');
    expect(meta(page, 'twitter:card')).toBe('summary');
    expect(page).toContain('<div id="root">');
    expect(page.match(/<title>/g)).toHaveLength(1);
  });

  it("a public profile's card names the player; an unknown one falls back to home", async () => {
    const p = await signupAndLogin(url);
    const page = (await request(url).get(`/profile/${p.userId}`).expect(200)).text;
    expect(meta(page, 'og:title')).toBe(MSG.previewProfileTitle(p.player.username));
    expect(meta(page, 'twitter:description')).toBe(MSG.previewProfileDescription(p.player.username));
    expect(meta(page, 'og:url')).toBe(`http://gotnext.test/profile/${p.userId}`);
    const unknown = (await request(url).get('/profile/99999999').expect(200)).text;
    expect(meta(unknown, 'og:title')).toBe(MSG.previewHomeTitle);
  });

  it("a username holding String.replace's dollar patterns ($' $& $1) is written as it is, the page intact", async () => {
    const p = await signupAndLogin(url);
    // The username rule refuses '$' today; an account named before it keeps its name.
    const name = "o$'k$&x$1";
    await env.sql('UPDATE users SET username = $1 WHERE id = $2', [name, p.userId]);
    const page = (await request(url).get(`/profile/${p.userId}`).expect(200)).text;
    expect(meta(page, 'og:title')).toBe(MSG.previewProfileTitle(name).replace(/&/g, '&amp;'));
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.endsWith('<div id="root"></div>')).toBe(true);
  });

  it('a match invite link shows its code, and nothing a visitor typed beyond a valid code', async () => {
    const page = (await request(url).get('/join-match?code=abc234').expect(200)).text;
    expect(meta(page, 'og:title')).toBe(MSG.previewInviteTitle);
    expect(meta(page, 'og:description')).toBe(MSG.previewInviteDescription('ABC234'));
    expect(meta(page, 'og:url')).toBe('http://gotnext.test/join-match?code=ABC234');
    const hostile = (await request(url).get('/join-match?code=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E').expect(200)).text;
    expect(hostile).not.toContain('<script>alert');
    expect(meta(hostile, 'og:description')).toBe(MSG.previewInviteNoCode);
  });
});
