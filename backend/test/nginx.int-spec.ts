/**
 * The production path without containers: Debian's nginx with the host config that
 * scripts/nginx-host-conf.mjs renders from docker/nginx.conf, in front of two API instances, as a
 * player's browser meets it (docs/scaling.md#nginx). Also `nginx -t` of both configs.
 * Needs Debian's `nginx` package (.ci/run installs it); skipped, saying so, only without it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import request from 'supertest';
import { io } from 'socket.io-client';
import { MSG, type DirectMessage } from '@gotnext/shared';
import { createTestEnv, type TestEnv } from './support/harness';
import { auth, player, type Player } from './support/matches';
import { befriend, eventually, send } from './support/social';
import { connectSocket, nextEvent, socketReady, socketTracker } from './support/sockets';

const ROOT = resolve(__dirname, '../..');
const DIST = join(ROOT, 'frontend/dist');
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

function findNginx(): string | undefined {
  const dirs = ['/usr/sbin', '/usr/local/sbin', ...(process.env.PATH ?? '').split(delimiter).filter(Boolean)];
  return dirs.map((d) => join(d, 'nginx')).find((f) => existsSync(f));
}
const NGINX = findNginx();

function renderHostConf(args: string[]): string {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/nginx-host-conf.mjs'), ...args], { encoding: 'utf8', timeout: 30_000 });
  if (run.status !== 0) throw new Error(`nginx-host-conf failed: ${run.stderr}`);
  return run.stdout;
}

/** `nginx -t` of a config in its own prefix, so nothing of the system's nginx is read or written. */
function nginxTest(conf: string, dir: string): { status: number | null; output: string } {
  const file = join(dir, 'test.conf');
  writeFileSync(file, conf);
  const run = spawnSync(NGINX!, ['-t', '-c', file, '-p', dir, '-e', join(dir, 'error.log')], { encoding: 'utf8', timeout: 30_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request with the bytes as sent (no decompression), as a browser's network panel shows them. */
function raw(url: string, path: string, options: { method?: string; headers?: Record<string, string | number>; body?: Buffer } = {}): Promise<RawAnswer> {
  return new Promise((ok, fail) => {
    let answered = false;
    const req = httpRequest(`${url}${path}`, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('close', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    // nginx answers an oversized body before reading it and may close while the rest is still
    // being written: the answer counts, a write error after it does not.
    req.on('error', (err) => (answered ? undefined : fail(err)));
    req.end(options.body);
  });
}

// Without nginx these tests cannot run: CI installs it (.ci/run), so there its absence fails the
// run; elsewhere the two suites below are skipped and this says why.
describe('nginx is installed', () => {
  it(NGINX ? 'finds nginx' : 'finds nginx (apt-get install nginx libnginx-mod-http-brotli-static; without it the nginx suites are skipped)', () => {
    if (!NGINX && process.env.CI) throw new Error('nginx is missing on CI: .ci/run installs nginx and libnginx-mod-http-brotli-static');
  });
});

(NGINX ? describe : describe.skip)('nginx -t', () => {
  it('passes `nginx -t`: the rendered host config, and the image config with what only the image has substituted', () => {
    const checkDir = mkdtempSync(join(tmpdir(), 'gotnext-nginx-t-'));
    try {
      const host = nginxTest(renderHostConf(['--upstream', '127.0.0.1:3000', '--upstream', '127.0.0.1:3001', '--run-dir', checkDir, '--listen', '127.0.0.1:1']), checkDir);
      expect(host.output).toMatch(/test is successful/);
      expect(host.status).toBe(0);
      // Test-only substitution, not a hosts override: Debian's nginx 1.22 predates `resolve`
      // (1.27.3, the image's nginx has it) and has no user `nginx`, and `api` resolves only on the
      // compose network. Everything else (locations, maps, JSON bodies, limits) is tested as shipped.
      const image = readFileSync(join(ROOT, 'docker/nginx.conf'), 'utf8');
      const substitutions: [RegExp, string][] = [
        [/^user nginx;$/m, ''],
        [/^(\s*server) api:3000 resolve;$/m, '$1 127.0.0.1:3000;'],
        [/\/var\/log\/nginx\//g, `${checkDir}/`],
        [/\/var\/run\/nginx\.pid/, `${checkDir}/image.pid`],
      ];
      let substituted = image;
      for (const [pattern, replacement] of substitutions) {
        expect(`${pattern} ${pattern.test(substituted) ? 'found' : 'MISSING'}`).toBe(`${pattern} found`);
        pattern.lastIndex = 0;
        substituted = substituted.replace(pattern, replacement);
      }
      const imageRun = nginxTest(substituted, checkDir);
      expect(imageRun.output).toMatch(/test is successful/);
      expect(imageRun.status).toBe(0);
    } finally {
      rmSync(checkDir, { recursive: true, force: true });
    }
  });
});

(NGINX ? describe : describe.skip)('nginx in front of two API instances (host config)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gotnext-nginx-'));
  let env: TestEnv;
  let apis: { app: { close(): Promise<unknown> }; url: string }[];
  let nginx: ChildProcess;
  let url: string;
  let nginxLog = '';
  const sockets = socketTracker();

  /** The access log's lines so far (log_format gotnext names the upstream that answered). */
  const accessLog = () => (existsSync(join(dir, 'access.log')) ? readFileSync(join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean) : []);

  beforeAll(async () => {
    env = await createTestEnv({ STATIC_DIR: DIST });
    apis = [await env.startApi(), await env.startApi()];
    // A port found free may be taken before nginx binds it on a busy machine: then another one.
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      const conf = join(dir, 'nginx.conf');
      writeFileSync(
        conf,
        renderHostConf([
          ...apis.flatMap((a) => ['--upstream', a.url.replace('http://', '')]),
          '--listen',
          `127.0.0.1:${port}`,
          '--run-dir',
          dir,
          // The workers read the checkout wherever CI cloned it: as the user that runs the test.
          '--user',
          userInfo().uid === 0 ? 'root' : 'none',
        ]),
      );
      // In the foreground, as this test's child: its own prefix, pid, logs and temp paths.
      nginxLog = '';
      nginx = spawn(NGINX!, ['-c', conf, '-p', dir, '-e', join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
      nginx.stdout?.on('data', (c: Buffer) => (nginxLog += c.toString()));
      nginx.stderr?.on('data', (c: Buffer) => (nginxLog += c.toString()));
      let exited = false;
      nginx.once('exit', () => (exited = true));
      let up = false;
      await eventually(
        async () => {
          if (exited) return true;
          up = await raw(url, '/api/health').then(
            (r) => r.status === 200,
            () => false,
          );
          return up;
        },
        'nginx answers /api/health',
        30_000,
      );
      if (up) break;
      const log = `${nginxLog}${existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''}`;
      if (attempt >= 3 || !/Address already in use/.test(log)) throw new Error(`nginx exited at start:\n${log}`);
    }
  });

  afterAll(async () => {
    sockets.closeAll();
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((ok) => nginx.once('exit', ok));
      nginx.kill('SIGQUIT');
      await gone;
    }
    await env?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves each route's page from the API: its link-preview tags, its preload list and the CSP for its boot script", async () => {
    const rawIndex = readFileSync(join(DIST, 'index.html'), 'utf8');
    const page = await raw(url, '/join-match?code=ABC234');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body.toString('utf8');
    expect(html).toContain(`<meta property="og:title" content="${MSG.previewInviteTitle}" />`);
    expect(html).toContain(MSG.previewInviteDescription('ABC234'));
    expect(html).toContain('id="gotnext-preloads"');
    expect(rawIndex).not.toContain('id="gotnext-preloads"'); // what nginx alone used to send
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    // /index.html too comes from the API, never the file without its CSP hash.
    expect((await raw(url, '/index.html')).headers['content-security-policy']).toMatch(/'sha256-/);
  });

  it('sends the prebuilt compressed assets as they are, brotli when the module is loaded, cached for a year', async () => {
    const entry = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(DIST, 'index.html'), 'utf8'))?.[1];
    expect(entry).toBeDefined();
    const gz = await raw(url, entry!, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(readFileSync(join(DIST, `${entry}.gz`)))).toBe(true);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.headers['content-type']).toMatch(/javascript/);
    const br = await raw(url, entry!, { headers: { 'accept-encoding': 'br, gzip' } });
    if (existsSync(BROTLI_MODULE)) {
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.body.equals(readFileSync(join(DIST, `${entry}.br`)))).toBe(true);
    } else {
      expect(br.headers['content-encoding']).toBe('gzip'); // Debian's brotli_static module not installed
    }
  });

  it('types the manifest as application/manifest+json and never keeps a missing asset', async () => {
    const manifest = await raw(url, '/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(JSON.parse(manifest.body.toString('utf8'))).toEqual(expect.objectContaining({ name: expect.any(String) }));
    const missing = await raw(url, '/assets/index-doesnotexist.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const assets = readdirSync(join(DIST, 'assets'));
    expect(assets).not.toContain('index-doesnotexist.js');
  });

  it('lets four-photo-sized uploads through to the API, and answers a body over its limit in JSON', async () => {
    const alice = await player(env, url);
    // 6 MB, over the old 5m limit: the API's own refusal arrives, in its words.
    const boundary = 'gotnextboundary';
    const part = (name: string, size: number) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        Buffer.alloc(size, 1),
        Buffer.from('\r\n'),
      ]);
    const form = (parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
    const headers = { ...auth(alice), 'content-type': `multipart/form-data; boundary=${boundary}` };
    const sixMb = form([part('id_photo', 6 * 1024 * 1024)]);
    const viaApi = await raw(url, '/api/verify', { method: 'POST', headers: { ...headers, 'content-length': sixMb.length }, body: sixMb });
    expect(viaApi.status).toBe(413);
    expect(JSON.parse(viaApi.body.toString('utf8'))).toEqual({ message: MSG.idPhotoTooLarge });
    // Over nginx's limit: refused by nginx before the API sees it, still JSON, in the app's words.
    const huge = form([part('id_photo', 19 * 1024 * 1024)]);
    const byNginx = await raw(url, '/api/verify', { method: 'POST', headers: { ...headers, 'content-length': huge.length }, body: huge });
    expect(byNginx.status).toBe(413);
    expect(byNginx.headers['content-type']).toBe('application/json');
    expect(JSON.parse(byNginx.body.toString('utf8'))).toEqual({ message: MSG.uploadTooLarge });
  });

  it('carries the API and Socket.IO: a pushed message arrives over a websocket and over long-polling', async () => {
    const [alice, bob]: Player[] = [await player(env, url), await player(env, url)];
    await befriend(url, alice, bob);
    const ws = sockets.track(connectSocket(url, bob.token));
    expect((await socketReady(ws)).user_id).toBe(bob.userId);
    // Long-polling works because the balancer is sticky (hash $remote_addr): every poll of one
    // session reaches the instance that holds it (docs/realtime.md#behind-a-balancer).
    const polling = sockets.track(io(url, { path: '/socket.io', transports: ['polling'], auth: { token: bob.token }, forceNew: true, reconnection: false }));
    await new Promise<void>((ok, fail) => {
      polling.once('session:ready', () => ok());
      polling.once('connect_error', fail);
    });
    const overWs = nextEvent<DirectMessage>(ws, 'message:new');
    const overPolling = nextEvent<DirectMessage>(polling, 'message:new');
    await send(url, alice, bob, 'Run at six?').expect(201);
    expect((await overWs).message).toBe('Run at six?');
    expect((await overPolling).message).toBe('Run at six?');
    expect((await request(url).get('/api/health/ready').expect(200)).body).toEqual({ status: 'ok', postgres: 'ok', redis: 'ok' });
  });

  it('keeps answering when the instance that served a client is gone, then answers JSON once none is left', async () => {
    const servedBy = async () => {
      const before = accessLog().length;
      const marker = `/api/health/ready?probe=${Date.now()}${Math.random()}`;
      const answer = await raw(url, marker);
      let line: string | undefined;
      await eventually(
        () =>
          (line = accessLog()
            .slice(before)
            .find((l) => l.includes(marker))) !== undefined,
        `access log line of ${marker}`,
      );
      return { status: answer.status, upstream: / upstream=(.*) upstream_status=/.exec(line!)?.[1] ?? '' };
    };
    const first = await servedBy();
    expect(first.status).toBe(200);
    const index = apis.findIndex((a) => first.upstream.endsWith(a.url.replace('http://', '')));
    expect(index).toBeGreaterThanOrEqual(0);
    await apis[index].app.close();
    const other = apis[1 - index].url.replace('http://', '');
    const after = await servedBy();
    expect(after.status).toBe(200);
    // The failed attempt and the one that answered, or only the survivor once nginx marked the first down.
    expect(after.upstream.split(',').at(-1)?.trim()).toBe(other);
    await apis[1 - index].app.close();
    const none = await raw(url, '/api/health/ready');
    expect(none.status).toBe(502);
    expect(none.headers['content-type']).toBe('application/json');
    expect(JSON.parse(none.body.toString('utf8'))).toEqual({ message: MSG.serviceUnavailable });
  });
});
