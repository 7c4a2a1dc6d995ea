#!/usr/bin/env node
// Renders docker/nginx.conf (the compose image's config) for a distribution's nginx (Debian 12:
// nginx 1.22) in front of API instances at listed addresses, without containers:
//
//   node scripts/nginx-host-conf.mjs --upstream 10.0.0.5:3000 --upstream 10.0.0.6:3000 \
//     --root /srv/gotnext/frontend/dist > /etc/nginx/nginx.conf && nginx -t && nginx -s reload
//
// One source for both: only what the image alone has is replaced (its `nginx` user, log and pid
// paths, Docker's resolver and the name `api:3000 resolve`, which needs nginx >= 1.27.3); every
// location, header and limit stays as docker/nginx.conf says. Each replaced line must be found
// exactly once, so an edit of docker/nginx.conf that moves one fails here instead of shipping a
// config that silently kept the image's line. Debian's brotli_static module is loaded when
// installed (apt-get install libnginx-mod-http-brotli-static), so the prebuilt .br files are sent.
// Options: docs/scaling.md#nginx.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BROTLI_STATIC = 'ngx_http_brotli_static_module.so';

/**
 * @param {string} image docker/nginx.conf's text
 * @param {{ upstreams: string[], root: string, listen?: string, user?: string, runDir?: string,
 *   logDir?: string, brotli?: 'auto' | 'on' | 'off', modulesDir?: string }} options
 */
export function renderHostConf(image, options) {
  const { upstreams, root, listen = '80', user = 'www-data', brotli = 'auto', modulesDir = '/usr/lib/nginx/modules' } = options;
  if (!upstreams.length) throw new Error('at least one --upstream host:port is needed');
  for (const u of upstreams) if (!/^[\w.-]+:\d+$|^\[[\da-f:]+\]:\d+$/i.test(u)) throw new Error(`--upstream ${u}: expected host:port`);
  const runDir = options.runDir;
  const logDir = options.logDir ?? runDir ?? '/var/log/nginx';
  let conf = image;
  const replace = (pattern, replacement) => {
    const found = conf.match(new RegExp(pattern.source, 'gm')) ?? [];
    if (found.length !== 1) throw new Error(`docker/nginx.conf: expected one line matching ${pattern}, found ${found.length}`);
    conf = conf.replace(new RegExp(pattern.source, 'm'), replacement);
  };
  replace(/^user nginx;$/, user === 'none' ? '# no `user`: the workers run as the user that starts nginx' : `user ${user};`);
  replace(/^error_log \/var\/log\/nginx\/error\.log warn;.*$/, `error_log ${logDir}/error.log warn;`);
  replace(/^pid \/var\/run\/nginx\.pid;$/, `pid ${runDir ?? '/run'}/nginx.pid;`);
  replace(/^([ \t]*)access_log \/var\/log\/nginx\/access\.log gotnext;.*$/, `$1access_log ${logDir}/access.log gotnext;`);
  // Listed addresses are resolved once, at start: no resolver. A name that moves needs a reload.
  replace(/^[ \t]*resolver 127\.0\.0\.11 .*\n/, '');
  replace(/^[ \t]*resolver_timeout .*\n/, '');
  // Each instance has its own name here, so the consistent ring works: a returning instance
  // takes back only its own share of clients (docs/realtime.md#behind-a-balancer).
  replace(/^([ \t]*)hash \$remote_addr;$/, '$1hash $remote_addr consistent;   # one name per instance here, so the ring works');
  replace(/^([ \t]*)server api:3000 resolve;$/, (_, indent) => upstreams.map((u) => `${indent}server ${u} max_fails=1 fail_timeout=5s;`).join('\n'));
  replace(/^([ \t]*)listen 80;$/, `$1listen ${listen};`);
  replace(/^([ \t]*)root \/usr\/share\/nginx\/html;$/, `$1root ${root};`);
  if (runDir) {
    // Debian's defaults (/var/lib/nginx/...) belong to the system's nginx; a second one keeps its own.
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `    ${k}_temp_path ${runDir}/${k};`).join('\n');
    replace(/^http \{$/, `http {\n${temp}`);
  }
  const brotliModule = join(modulesDir, BROTLI_STATIC);
  const withBrotli = brotli === 'on' || (brotli === 'auto' && existsSync(brotliModule));
  if (withBrotli) {
    conf = `load_module ${brotliModule};\n${conf}`;
    conf = conf.replace(/^([ \t]*)gzip_static on;$/gm, '$1gzip_static on;\n$1brotli_static on;');
  }
  const head = [
    '# Rendered by scripts/nginx-host-conf.mjs from docker/nginx.conf: edit that file, then render again.',
    `# Upstreams: ${upstreams.join(', ')}. Brotli: ${withBrotli ? `on (${brotliModule})` : 'off (no brotli_static module; .gz only)'}.`,
  ];
  return `${head.join('\n')}\n${conf}`;
}

function main() {
  const { values } = parseArgs({
    options: {
      upstream: { type: 'string', multiple: true, default: [] },
      root: { type: 'string', default: join(ROOT, 'frontend/dist') },
      listen: { type: 'string' },
      user: { type: 'string' },
      'run-dir': { type: 'string' },
      'log-dir': { type: 'string' },
      brotli: { type: 'string', default: 'auto' },
      'modules-dir': { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (!['auto', 'on', 'off'].includes(values.brotli)) throw new Error('--brotli is auto, on or off');
  const conf = renderHostConf(readFileSync(join(ROOT, 'docker/nginx.conf'), 'utf8'), {
    upstreams: values.upstream,
    root: resolve(values.root),
    listen: values.listen,
    user: values.user,
    runDir: values['run-dir'] && resolve(values['run-dir']),
    logDir: values['log-dir'] && resolve(values['log-dir']),
    brotli: /** @type {'auto' | 'on' | 'off'} */ (values.brotli),
    modulesDir: values['modules-dir'],
  });
  if (values.out) writeFileSync(values.out, conf);
  else process.stdout.write(conf);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (err) {
    console.error(`nginx-host-conf: ${err.message}`);
    process.exit(1);
  }
}
