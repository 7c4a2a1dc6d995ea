/**
 * The container setup (docker/Dockerfile, docker/nginx.conf, docker-compose.yml, .dockerignore)
 * checked against the code it ships, without a Docker engine: the compose file is validated by
 * `docker-compose config`, and every file the images run or copy must exist after `npm run build`.
 * Needs no PostgreSQL or Redis; needs the `docker-compose` binary (and the build output).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, posix, relative, resolve } from 'node:path';
import { ID_FIELDS, MSG, PROFILE_PHOTO_MAX_BYTES } from '@gotnext/shared';
import { loadConfig } from '../src/config/env';
import { MULTIPART_LIMITS } from '../src/common/upload/multipart-form';
import { bytes, directiveLines, readNginxConf, seconds } from './support/nginx-conf';

const ROOT = resolve(__dirname, '../..');
const DOCKERFILE = 'docker/Dockerfile';
const NGINX_CONF = 'docker/nginx.conf';
const HOST_CONF_SCRIPT = 'scripts/nginx-host-conf.mjs';
const COMPOSE_FILE = 'docker-compose.yml';
const TEST_JWT_SECRET = 'infra-test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const TEST_ID_DOCUMENT_SECRET = 'infra-test-id-document-secret-0123456789-abcdefghij';
// A real pair from web-push's generateVAPIDKeys, used only here.
const TEST_VAPID = {
  VAPID_PUBLIC_KEY: 'BBXu-jW_5RPAopfxBnvdJ9Rv--KpT2rs1QcgJNWDZA0k5jtBzcgNPZE9YmGlCNEAchD3iZmc2By0t1fRKu6oxJ0',
  VAPID_PRIVATE_KEY: '2Mvf0hy6KLBZRLMwyfqIgxRGvNBSR1IA5ksTx-98TRA',
};
/** What `npm run build` produces and the runtime image must carry. */
const BUILD_OUTPUTS = ['libs/shared/dist', 'backend/dist', 'frontend/dist'];
/** The three processes the backend image runs. */
const ENTRYPOINTS = ['backend/dist/main.js', 'backend/dist/worker.js', 'backend/dist/database/migrate.js'];

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

// ---------------------------------------------------------------------------------------------
// docker-compose

function findDockerCompose(): string {
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, 'docker-compose'));
  const found = ['/usr/bin/docker-compose', ...onPath].find((file) => existsSync(file));
  if (!found) {
    throw new Error(
      'docker-compose not found (looked at /usr/bin/docker-compose and on PATH). This test validates ' +
        `${COMPOSE_FILE} with \`docker-compose config\` and is not skipped without it: install it ` +
        '(Debian/Ubuntu: apt-get install docker-compose).',
    );
  }
  return found;
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs docker-compose on our file with a controlled environment (no .env, no stray settings). */
function compose(bin: string, args: string[], env: Record<string, string | undefined>): Run {
  const dir = mkdtempSync(join(tmpdir(), 'gotnext-infra-'));
  try {
    const envFile = join(dir, 'empty.env');
    writeFileSync(envFile, '');
    const childEnv: NodeJS.ProcessEnv = { ...process.env };
    for (const key of [
      'JWT_SECRET',
      'ID_DOCUMENT_SECRET',
      'INTEGRITY_HASH_SECRET',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'POSTGRES_PASSWORD',
      'PUBLIC_URL',
      'CORS_ORIGINS',
      'ADMIN_USER',
      'ADMIN_PASSWORD',
      'COMPOSE_FILE',
      'COMPOSE_PROJECT_NAME',
    ]) {
      delete childEnv[key];
    }
    Object.assign(childEnv, { ID_DOCUMENT_SECRET: TEST_ID_DOCUMENT_SECRET, INTEGRITY_HASH_SECRET: TEST_ID_DOCUMENT_SECRET, ...TEST_VAPID }, env);
    const run = spawnSync(bin, ['--env-file', envFile, '--project-directory', ROOT, '-f', join(ROOT, COMPOSE_FILE), ...args], {
      cwd: ROOT,
      env: childEnv,
      encoding: 'utf8',
      timeout: 30_000,
    });
    if (run.error) throw new Error(`could not run ${bin}: ${run.error.message}`);
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** YAML → JSON through PyYAML, which docker-compose itself depends on (no YAML package in the repo). */
function yamlToJson(text: string): unknown {
  const script = 'import sys, json, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)';
  const run = spawnSync('python3', ['-c', script], { input: text, encoding: 'utf8', timeout: 30_000 });
  if (run.error || run.status !== 0) {
    throw new Error(`could not parse the docker-compose config output with python3 + PyYAML: ${run.error?.message ?? run.stderr}`);
  }
  return JSON.parse(run.stdout);
}

interface Healthcheck {
  test?: string[] | string;
  disable?: boolean;
}
interface Service {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string };
  command?: string[] | string;
  entrypoint?: string[] | string;
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition?: string }>;
  deploy?: { replicas?: number };
  healthcheck?: Healthcheck;
  ports?: (string | { published?: number | string; target?: number | string })[];
  container_name?: string;
  restart?: string;
  user?: string;
  networks?: Record<string, { ipv4_address?: string } | null>;
}
interface ComposeConfig {
  services: Record<string, Service>;
  networks?: Record<string, { ipam?: { config?: { subnet?: string; ip_range?: string }[] } }>;
}

// ---------------------------------------------------------------------------------------------
// Dockerfile

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  name: string;
  image: string;
  workdir: string;
  instructions: Instruction[];
}
interface CopyInstruction {
  from?: string;
  sources: string[];
  dest: string;
  stage: Stage;
}

/** Logical lines (continuations joined, comments dropped), then stages with their instructions. */
function parseDockerfile(text: string): Stage[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && pending === '')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    lines.push((pending + line).trim());
    pending = '';
  }
  if (pending.trim()) lines.push(pending.trim());

  const globalArgs: Record<string, string> = {};
  const expand = (value: string) => value.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a: string, b: string) => globalArgs[a ?? b] ?? '');
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\w+)\s*(.*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [image = '', as, name] = args.split(/\s+/).filter((p) => !p.startsWith('--'));
      stages.push({ name: as?.toUpperCase() === 'AS' && name ? name : String(stages.length), image: expand(image), workdir: '/', instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) {
      if (upper === 'ARG') {
        const [key, value = ''] = args.split('=');
        globalArgs[key.trim()] = value.trim();
      }
      continue;
    }
    if (upper === 'WORKDIR') stage.workdir = posix.resolve(stage.workdir, args);
    stage.instructions.push({ keyword: upper, args });
  }
  return stages;
}

function copiesOf(stage: Stage): CopyInstruction[] {
  return stage.instructions
    .filter((i) => i.keyword === 'COPY')
    .map((i) => {
      const parts = i.args.split(/\s+/);
      const flags = parts.filter((p) => p.startsWith('--'));
      const paths = parts.filter((p) => !p.startsWith('--'));
      const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
      return { from, sources: paths.slice(0, -1), dest: paths.at(-1) ?? '', stage };
    });
}

/** CMD / ENTRYPOINT / compose command as one shell-ish string. */
function commandText(value: string | string[] | undefined): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join(' ');
  const trimmed = value.trim();
  if (trimmed.startsWith('[')) return (JSON.parse(trimmed) as string[]).join(' ');
  return trimmed;
}

/** The script files a command runs with `node <file>` (not `node -e <code>`). */
function nodeScripts(command: string): string[] {
  const tokens = command
    .replace(/["']/g, ' ')
    .split(/\s+|&&|\|\||;/)
    .filter(Boolean);
  const scripts: string[] = [];
  tokens.forEach((token, i) => {
    if (token !== 'node' && !token.endsWith('/node')) return;
    let j = i + 1;
    while (tokens[j]?.startsWith('-')) {
      if (['-e', '--eval', '-p', '--print'].includes(tokens[j])) return;
      j += 1;
    }
    if (tokens[j] && /\.[cm]?js$/.test(tokens[j])) scripts.push(tokens[j]);
  });
  return scripts;
}

/** A path inside the image under the build stage's WORKDIR, as a path in the repository. */
function repoPathOf(imagePath: string, stage: Stage): string {
  const absolute = posix.resolve(stage.workdir, imagePath);
  const rel = posix.relative(stage.workdir, absolute);
  if (rel.startsWith('..')) throw new Error(`${imagePath} is outside WORKDIR ${stage.workdir} of stage ${stage.name}`);
  return rel.replace(/\/$/, '');
}

function nonEmptyDir(repoPath: string): boolean {
  const full = join(ROOT, repoPath);
  return existsSync(full) && statSync(full).isDirectory() && readdirSync(full).length > 0;
}

// ---------------------------------------------------------------------------------------------

describe('container setup (Dockerfile, nginx, docker-compose)', () => {
  let composeBin: string;
  let config: ComposeConfig;
  const stages = parseDockerfile(read(DOCKERFILE));
  const stage = (name: string) => {
    const found = stages.find((s) => s.name === name);
    if (!found) throw new Error(`${DOCKERFILE} has no stage "${name}" (stages: ${stages.map((s) => s.name).join(', ')})`);
    return found;
  };

  beforeAll(() => {
    composeBin = findDockerCompose();
    // Compose v2 prints JSON itself; Debian's docker-compose 1.29 only YAML.
    const json = compose(composeBin, ['config', '--format', 'json'], { JWT_SECRET: TEST_JWT_SECRET });
    if (json.status === 0 && json.stdout.trim().startsWith('{')) {
      config = JSON.parse(json.stdout) as ComposeConfig;
      return;
    }
    const run = compose(composeBin, ['config'], { JWT_SECRET: TEST_JWT_SECRET });
    if (run.status !== 0) throw new Error(`docker-compose config failed (exit ${run.status}):\n${run.stderr}`);
    config = yamlToJson(run.stdout) as ComposeConfig;
  });

  describe('docker-compose.yml', () => {
    it('is valid for docker-compose (`config -q`)', () => {
      const run = compose(composeBin, ['config', '-q'], { JWT_SECRET: TEST_JWT_SECRET });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    });

    it('refuses to start without JWT_SECRET, saying how to set it', () => {
      const run = compose(composeBin, ['config', '-q'], {});
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/set JWT_SECRET/);
    });

    it('refuses to start without the VAPID pair, saying how to make one', () => {
      const run = compose(composeBin, ['config', '-q'], { JWT_SECRET: TEST_JWT_SECRET, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/generate-vapid-keys/);
    });

    it('has the services of the architecture', () => {
      expect(Object.keys(config.services).sort()).toEqual(['api', 'mailpit', 'migrate', 'postgres', 'redis', 'web', 'worker']);
      expect(config.services.postgres.image).toMatch(/^postgres:17/);
      expect(config.services.redis.image).toMatch(/^redis:7/);
      expect(config.services.mailpit.image).toMatch(/^axllent\/mailpit/);
    });

    it('gives every long-running service a healthcheck; the one-shot migrate is awaited to completion instead', () => {
      for (const [name, service] of Object.entries(config.services)) {
        if (name === 'migrate') {
          expect(service.restart).toBe('no');
          continue;
        }
        const test = commandText(service.healthcheck?.test);
        expect({ service: name, healthcheck: test && !service.healthcheck?.disable ? 'set' : 'missing' }).toEqual({ service: name, healthcheck: 'set' });
      }
    });

    it('starts nothing before what it needs is healthy (or, for migrate, completed)', () => {
      const needs = (name: string) => Object.fromEntries(Object.entries(config.services[name].depends_on ?? {}).map(([dep, d]) => [dep, d.condition]));
      expect(needs('migrate')).toEqual({ postgres: 'service_healthy' });
      expect(needs('api')).toEqual({ postgres: 'service_healthy', redis: 'service_healthy', migrate: 'service_completed_successfully' });
      expect(needs('worker')).toEqual(expect.objectContaining({ postgres: 'service_healthy', redis: 'service_healthy', migrate: 'service_completed_successfully' }));
      expect(needs('web')).toEqual({ api: 'service_healthy' });
      for (const [name, service] of Object.entries(config.services)) {
        for (const [dep, d] of Object.entries(service.depends_on ?? {})) {
          const expected = dep === 'migrate' ? 'service_completed_successfully' : 'service_healthy';
          expect(`${name} -> ${dep}: ${d.condition}`).toBe(`${name} -> ${dep}: ${expected}`);
        }
      }
    });

    it('runs two API replicas behind nginx only: no host port, no container_name', () => {
      const api = config.services.api;
      expect(api.deploy?.replicas).toBe(2);
      expect(api.ports ?? []).toEqual([]);
      expect(api.container_name).toBeUndefined();
      const published = (config.services.web.ports ?? []).map((p) => (typeof p === 'string' ? p.replace(/\/tcp$/, '') : `${p.published}:${p.target}`));
      expect(published).toEqual(['8080:80']);
    });

    it('has the API trust X-Forwarded-For only from nginx, at a fixed address Docker never hands to another container', () => {
      const proxy = config.services.web.networks?.default?.ipv4_address;
      const [pool] = config.networks?.default?.ipam?.config ?? [];
      const inRange = (ip: string, cidr: string) => {
        const [base, bits] = cidr.split('/');
        const n = (a: string) => a.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
        const size = 2 ** (32 - Number(bits));
        return Math.floor(n(ip) / size) === Math.floor(n(base) / size);
      };
      expect(proxy).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(inRange(proxy!, pool.subnet!)).toBe(true);
      expect(inRange(proxy!, pool.ip_range!)).toBe(false); // dynamic addresses come from ip_range only
      for (const name of ['api', 'worker', 'migrate']) {
        expect(loadConfig(Object.fromEntries(Object.entries(config.services[name].environment ?? {}).map(([k, v]) => [k, v ?? '']))).TRUSTED_PROXIES).toBe(proxy);
      }
    });

    it('checks API readiness (PostgreSQL + Redis) with node, which the slim image has', () => {
      const test = commandText(config.services.api.healthcheck?.test);
      expect(test).toContain('node');
      expect(test).toContain(`http://127.0.0.1:${config.services.api.environment?.PORT}/api/health/ready`);
      expect(commandText(config.services.worker.healthcheck?.test)).toMatch(/^CMD node -e .*REDIS_URL/);
      expect(commandText(config.services.web.healthcheck?.test)).toMatch(/wget .*http:\/\/127\.0\.0\.1\//);
    });

    it('builds api, worker and migrate from the runtime stage, web from the nginx stage', () => {
      for (const name of ['api', 'worker', 'migrate']) {
        expect(config.services[name].build).toEqual(expect.objectContaining({ context: ROOT, dockerfile: DOCKERFILE, target: 'runtime' }));
        expect(config.services[name].user).toBeUndefined(); // the image's non-root user applies
      }
      expect(config.services.web.build).toEqual(expect.objectContaining({ context: ROOT, dockerfile: DOCKERFILE, target: 'web' }));
    });

    it('gives api and worker an environment the app accepts (its own env schema), STATIC_DIR for pages', () => {
      for (const name of ['api', 'worker', 'migrate']) {
        const env = Object.fromEntries(Object.entries(config.services[name].environment ?? {}).map(([k, v]) => [k, v ?? '']));
        const app = loadConfig(env);
        expect(app.JWT_SECRET).toBe(TEST_JWT_SECRET);
        expect(app.ID_DOCUMENT_SECRET).toBe(TEST_ID_DOCUMENT_SECRET);
        expect(app.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
        expect(app.REDIS_URL).toBe('redis://redis:6379');
        expect(app.SMTP_URL).toBe('smtp://mailpit:1025');
        expect(app.PUBLIC_URL).toBe('http://localhost:8080');
        expect(app.CORS_ORIGINS.split(',')).toContain('http://localhost:8080');
        expect(app.NODE_ENV).toBe('production');
        expect(app.STATIC_DIR).toBe('frontend/dist'); // the API renders pages; nginx serves the files
        expect(app.ADMIN_PASSWORD).toBeUndefined(); // bull-board stays locked until one is set
        // Push works there (docs/notifications.md#web-push): the pair reaches api and worker.
        expect(app.VAPID_PUBLIC_KEY).toBe(TEST_VAPID.VAPID_PUBLIC_KEY);
        expect(app.VAPID_PRIVATE_KEY).toBe(TEST_VAPID.VAPID_PRIVATE_KEY);
      }
    });
  });

  describe('docker/Dockerfile', () => {
    it('has build, prod-deps, web and runtime stages; runtime is the default (last) target', () => {
      expect(stages.map((s) => s.name)).toEqual(['build', 'prod-deps', 'web', 'runtime']);
      for (const name of ['build', 'prod-deps', 'runtime']) expect(stage(name).image).toBe('node:24-bookworm-slim');
      // nginx >= 1.27.3: `server ... resolve` in the upstream block.
      const [, minor, patch] = /^nginx:1\.(\d+)\.(\d+)-alpine$/.exec(stage('web').image) ?? [];
      expect(Number(minor) > 27 || (Number(minor) === 27 && Number(patch) >= 3)).toBe(true);
    });

    it('installs all dependencies and builds in the build stage, production ones only for runtime', () => {
      const runs = (s: Stage) =>
        s.instructions
          .filter((i) => i.keyword === 'RUN')
          .map((i) => i.args)
          .join('\n');
      expect(runs(stage('build'))).toMatch(/npm ci\b(?![^\n]*--omit=dev)/);
      expect(runs(stage('build'))).toMatch(/npm run build\b/);
      expect(runs(stage('build'))).toMatch(/require\('argon2'\)/); // the native prebuild loads
      expect(runs(stage('prod-deps'))).toMatch(/npm ci --omit=dev/);
      expect(copiesOf(stage('runtime')).some((c) => c.from === 'prod-deps')).toBe(true);
    });

    it('COPYs only files that exist in the build context (and that .dockerignore keeps)', () => {
      const ignore = read('.dockerignore')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'));
      const toRegex = (glob: string) =>
        new RegExp(
          `^${glob
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .split('**/')
            .map((part) => part.replace(/\*/g, '[^/]*'))
            .join('(?:.*/)?')}(?:/.*)?$`,
        );
      const ignored = (path: string) => {
        let out = false;
        for (const pattern of ignore) {
          if (pattern.startsWith('!')) {
            if (toRegex(pattern.slice(1)).test(path)) out = false;
          } else if (toRegex(pattern).test(path)) out = true;
        }
        return out;
      };
      for (const sample of ['node_modules/x', 'backend/node_modules/x', 'frontend/dist/index.html', 'libs/shared/dist/index.js', '.git/HEAD', '.data/outbox/a.eml', '.env']) {
        expect(`${sample}: ${ignored(sample) ? 'ignored' : 'SENT'}`).toBe(`${sample}: ignored`);
      }
      for (const s of stages) {
        for (const copy of copiesOf(s).filter((c) => c.from === undefined)) {
          for (const source of copy.sources) {
            const path = source.replace(/\/$/, '');
            expect(`${path}: ${existsSync(join(ROOT, path)) ? 'exists' : 'MISSING'}`).toBe(`${path}: exists`);
            expect(`${path}: ${ignored(path) ? 'IGNORED' : 'sent'}`).toBe(`${path}: sent`);
          }
        }
      }
    });

    it('copies exactly the build outputs into the runtime image, and the build produced them', () => {
      const build = stage('build');
      for (const copy of [...copiesOf(stage('runtime')), ...copiesOf(stage('web'))]) {
        if (copy.from !== undefined) expect(stages.map((s) => s.name)).toContain(copy.from);
      }
      const fromBuild = copiesOf(stage('runtime')).filter((c) => c.from === 'build');
      const copied = fromBuild.flatMap((c) => c.sources.map((s) => repoPathOf(s, build)));
      expect(copied.sort()).toEqual([...BUILD_OUTPUTS].sort());
      for (const copy of fromBuild) {
        // Same place in the runtime image as in the build, so relative paths keep working.
        expect(posix.resolve(stage('runtime').workdir, copy.dest)).toBe(posix.resolve(build.workdir, copy.sources[0]));
      }
      for (const output of BUILD_OUTPUTS) {
        expect(`${output}: ${nonEmptyDir(output) ? 'built' : 'MISSING (run npm run build first)'}`).toBe(`${output}: built`);
      }
      expect(existsSync(join(ROOT, 'libs/shared/dist/index.js'))).toBe(true);
      expect(existsSync(join(ROOT, 'frontend/dist/index.html'))).toBe(true);
    });

    it('serves the built SPA from the web stage with our nginx.conf', () => {
      const copies = copiesOf(stage('web'));
      const spa = copies.find((c) => c.from === 'build');
      expect(spa && repoPathOf(spa.sources[0], stage('build'))).toBe('frontend/dist');
      const root = directiveLines(readNginxConf(read(NGINX_CONF)).server?.block)
        .find((d) => d.startsWith('root '))
        ?.slice('root '.length);
      expect(spa?.dest).toBe(root);
      expect(copies.find((c) => c.from === undefined)).toEqual(expect.objectContaining({ sources: [NGINX_CONF], dest: '/etc/nginx/nginx.conf' }));
    });

    it('runs as the non-root node user, migrations then the API by default', () => {
      const runtime = stage('runtime');
      expect(runtime.instructions.filter((i) => i.keyword === 'USER').at(-1)?.args).toBe('node');
      const cmd = commandText(runtime.instructions.filter((i) => i.keyword === 'CMD').at(-1)?.args);
      expect(nodeScripts(cmd)).toEqual(['backend/dist/database/migrate.js', 'backend/dist/main.js']);
      expect(cmd).toMatch(/migrate\.js && exec node backend\/dist\/main\.js/);
    });

    it('names only node scripts that the build produces (image CMD and every compose command)', () => {
      const runtime = stage('runtime');
      const commands = [
        ...runtime.instructions.filter((i) => i.keyword === 'CMD' || i.keyword === 'ENTRYPOINT').map((i) => commandText(i.args)),
        ...Object.values(config.services).flatMap((s) => [commandText(s.command), commandText(s.entrypoint)]),
      ];
      const scripts = [...new Set(commands.flatMap(nodeScripts).map((s) => repoPathOf(s, runtime)))];
      expect(scripts.sort()).toEqual([...ENTRYPOINTS].sort());
      for (const script of scripts) {
        expect(`${script}: ${existsSync(join(ROOT, script)) ? 'built' : 'MISSING'}`).toBe(`${script}: built`);
        const inOutput = BUILD_OUTPUTS.some((o) => !relative(o, script).startsWith('..'));
        expect(`${script}: ${inOutput ? 'copied into the image' : 'NOT COPIED'}`).toBe(`${script}: copied into the image`);
      }
      expect(nodeScripts(commandText(config.services.worker.command))).toEqual(['backend/dist/worker.js']);
      expect(nodeScripts(commandText(config.services.api.command))).toEqual(['backend/dist/main.js']);
      expect(nodeScripts(commandText(config.services.migrate.command))).toEqual(['backend/dist/database/migrate.js']);
    });
  });

  /** The two configs: the image's as shipped, and the host config the script renders from it. */
  const hostConf = (args: string[]) => {
    const run = spawnSync(process.execPath, [join(ROOT, HOST_CONF_SCRIPT), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    if (run.status !== 0) throw new Error(`${HOST_CONF_SCRIPT} failed: ${run.stderr}`);
    return run.stdout;
  };
  const HOST_UPSTREAMS = ['10.1.0.5:3000', '10.1.0.6:3001'];
  const variants = [
    { name: NGINX_CONF, text: () => read(NGINX_CONF) },
    { name: `${HOST_CONF_SCRIPT} (host config)`, text: () => hostConf(HOST_UPSTREAMS.flatMap((u) => ['--upstream', u]).concat(['--brotli', 'off', '--listen', '8081'])) },
  ];

  describe.each(variants)('$name', ({ text }) => {
    const nginx = readNginxConf(text());
    const { http, server, upstream, effective, route, named } = nginx;
    const upstreamName = upstream?.args[0];
    const own = (scope: { block?: unknown } | undefined) => directiveLines((scope as { block?: never })?.block);
    /** Where a URI ends up: the API (directly, or through try_files' named fallback) or files. */
    const proxied = (uri: string) => effective(route(uri), 'proxy_pass');
    const fallback = (uri: string) => {
      const last = effective(route(uri), 'try_files')[0]?.split(' ').at(-1);
      return last?.startsWith('@') ? effective(named(last), 'proxy_pass') : [];
    };
    const jsonBody = (location: string) => {
      const ret = named(location).directive.block?.find((d) => d.name === 'return');
      expect(effective(named(location), 'default_type')).toEqual(['application/json']);
      return { status: Number(ret?.args[0]), body: JSON.parse(ret?.args[1] ?? 'null') as unknown };
    };

    it('parses as nginx does: quoted JSON bodies keep their braces', () => {
      expect(jsonBody('@too_large').body).toEqual({ message: expect.any(String) });
      expect(http).toBeDefined();
      expect(server).toBeDefined();
    });

    it('proxies every path the API owns (SERVER_PATHS in app.factory.ts) to the upstream', () => {
      const factory = readFileSync(join(ROOT, 'backend/src/app.factory.ts'), 'utf8');
      const serverPaths = /SERVER_PATHS\s*=\s*\/\^\\\/\(([^)]+)\)/.exec(factory)?.[1];
      expect(serverPaths).toBeDefined();
      const prefixes = (serverPaths ?? '').split('|').map((p) => p.replace(/\\/g, ''));
      expect(prefixes).toEqual(expect.arrayContaining(['api', 'socket.io', 'admin/queues']));
      for (const prefix of prefixes) {
        for (const uri of [`/${prefix}`, `/${prefix}/x`]) {
          expect(`${uri} -> ${proxied(uri).join(',') || 'static files'}`).toBe(`${uri} -> http://${upstreamName}`);
        }
      }
      expect(proxied('/api/health/ready')).toEqual([`http://${upstreamName}`]);
      // A client route, not the API's: a file when one exists, else the API's page.
      for (const uri of ['/apiary', '/admin', '/admin/reports']) {
        expect(proxied(uri)).toEqual([]);
        expect(fallback(uri)).toEqual([`http://${upstreamName}`]);
      }
    });

    it('asks the API for every page (its link previews and route preloads), never sends index.html itself', () => {
      for (const uri of ['/', '/matches/42', '/profile/7', '/join-match']) {
        expect(effective(route(uri), 'try_files')).toEqual(['$uri @page']);
        expect(fallback(uri)).toEqual([`http://${upstreamName}`]);
      }
      expect(proxied('/index.html')).toEqual([`http://${upstreamName}`]);
      // The files it does send carry no inline script (the API's CSP hash is not nginx's).
      for (const page of readdirSync(join(ROOT, 'frontend/dist')).filter((f) => f.endsWith('.html') && f !== 'index.html')) {
        expect(`${page}: ${/<script(?![^>]*\bsrc=)[^>]*>/i.test(readFileSync(join(ROOT, 'frontend/dist', page), 'utf8')) ? 'INLINE SCRIPT' : 'no inline script'}`).toBe(
          `${page}: no inline script`,
        );
      }
    });

    it('carries WebSocket upgrades on /socket.io with HTTP/1.1 and a long read timeout', () => {
      const socket = route('/socket.io/');
      expect(effective(socket, 'proxy_http_version')).toEqual(['1.1']);
      expect(effective(socket, 'proxy_set_header')).toEqual(expect.arrayContaining(['Upgrade $http_upgrade', 'Connection $connection_upgrade']));
      const map = http?.block?.find((d) => d.name === 'map' && d.args.join(' ') === '$http_upgrade $connection_upgrade');
      expect(own(map)).toContain('default upgrade');
      expect(seconds(effective(socket, 'proxy_read_timeout')[0] ?? '60s')).toBeGreaterThanOrEqual(300);
    });

    it('forwards the client address without trusting what the client sent', () => {
      const headers = effective(route('/api/login'), 'proxy_set_header');
      expect(headers).toContain('X-Forwarded-For $remote_addr');
      expect(text()).not.toMatch(/\$proxy_add_x_forwarded_for/);
      expect(headers).toContain('Host $host');
      expect(effective(named('@page'), 'proxy_set_header')).toContain('X-Forwarded-For $remote_addr');
    });

    it('sends the prebuilt .gz, caches only found assets for a year, and never a miss', () => {
      const assets = route('/assets/index-abc123.js');
      expect(effective(assets, 'try_files')).toEqual(['$uri =404']);
      expect(effective(assets, 'gzip_static')).toEqual(['on']);
      expect(effective(route('/sw.js'), 'gzip_static')).toEqual(['on']);
      const cache = effective(assets, 'add_header').find((h) => h.startsWith('Cache-Control '));
      expect(cache).toBe('Cache-Control $assets_cache_control always');
      const map = http?.block?.find((d) => d.name === 'map' && d.args[1] === '$assets_cache_control');
      expect(map?.args[0]).toBe('$status');
      const byStatus = Object.fromEntries((map?.block ?? []).map((d) => [d.name, d.args[0]]));
      expect(byStatus['200']).toBe('public, max-age=31536000, immutable');
      expect(byStatus.default).toBe('no-store');
      expect(
        Object.entries(byStatus)
          .filter(([, v]) => v.includes('immutable'))
          .map(([k]) => k),
      ).toEqual(['200', '206', '304']);
      expect(effective(route('/sw.js'), 'add_header').join('\n')).toMatch(/Cache-Control "no-cache"/);
      expect(existsSync(join(ROOT, 'frontend/dist/assets'))).toBe(true);
    });

    it('types the web app manifest as application/manifest+json', () => {
      const manifest = route('/manifest.webmanifest');
      expect(manifest.modifier).toBe('=');
      expect(manifest.directive.block?.find((d) => d.name === 'types')?.block).toEqual([]);
      expect(effective(manifest, 'default_type')).toEqual(['application/manifest+json']);
      expect(existsSync(join(ROOT, 'frontend/dist/manifest.webmanifest'))).toBe(true);
    });

    it('accepts the largest upload the API takes (POST /api/verify: four photos) and answers a larger one in JSON', () => {
      const photos = Object.keys(ID_FIELDS).filter((k) => k !== 'documentType').length;
      const largest = photos * PROFILE_PHOTO_MAX_BYTES + MULTIPART_LIMITS.fields * MULTIPART_LIMITS.fieldSize;
      const limit = bytes(
        own(server)
          .find((d) => d.startsWith('client_max_body_size '))
          ?.split(' ')[1] ?? '',
      );
      expect(photos).toBe(4);
      expect(limit).toBeGreaterThan(largest);
      // error_page is inherited only where a level sets none: every location must still have it.
      for (const uri of ['/api/verify', '/uploads/x', '/', '/matches/1', '/assets/x.js']) {
        expect(`${uri}: ${effective(route(uri), 'error_page').join(', ')}`).toMatch(new RegExp(`^${uri}: (.*, )?413 @too_large(,|$)`));
      }
      expect(jsonBody('@too_large')).toEqual({ status: 413, body: { message: MSG.uploadTooLarge } });
    });

    it('answers JSON in the app’s words when no API instance answers on /api (502, 504)', () => {
      expect(effective(route('/api/login'), 'error_page')).toContain('502 504 @api_unavailable');
      // An error_page without `=` keeps nginx's own status, whatever `return` names.
      expect(jsonBody('@api_unavailable').body).toEqual({ message: MSG.serviceUnavailable });
    });
  });

  describe(NGINX_CONF, () => {
    const { http, server, upstream } = readNginxConf(read(NGINX_CONF));
    const own = directiveLines(upstream?.block);

    it('balances over the compose API service, sticky by client address', () => {
      expect(upstream).toBeDefined();
      expect(own).toContain('hash $remote_addr');
      // `hash ... consistent` builds its ring from server names; the replicas share the one name
      // api:3000, so it would round-robin between them and long-polling would break.
      expect(own.join('\n')).not.toMatch(/consistent/);
      const port = config.services.api.environment?.PORT;
      expect(own).toContain(`server api:${port} resolve`);
      expect(own.some((d) => d.startsWith('zone '))).toBe(true); // `resolve` needs shared memory
      expect(directiveLines(http?.block).some((d) => /^resolver 127\.0\.0\.11\b/.test(d))).toBe(true);
    });

    it('listens where compose publishes, and its API instances render pages (STATIC_DIR)', () => {
      expect(directiveLines(server?.block)).toContain('listen 80');
      const env = Object.fromEntries(Object.entries(config.services.api.environment ?? {}).map(([k, v]) => [k, v ?? '']));
      expect(loadConfig(env).STATIC_DIR).toBe('frontend/dist');
    });
  });

  describe(`${HOST_CONF_SCRIPT} (host config)`, () => {
    it('lists the given upstreams, sticky by client address on a consistent ring, and keeps nothing of the image', () => {
      const conf = hostConf(['--upstream', '127.0.0.1:4001', '--upstream', '[::1]:4002', '--root', '/srv/spa', '--listen', '127.0.0.1:8088', '--brotli', 'off']);
      const { top, http, server, upstream } = readNginxConf(conf);
      const own = directiveLines(upstream?.block);
      expect(own.filter((d) => d.startsWith('server '))).toEqual(['server 127.0.0.1:4001 max_fails=1 fail_timeout=5s', 'server [::1]:4002 max_fails=1 fail_timeout=5s']);
      expect(own).toContain('hash $remote_addr consistent');
      expect(directiveLines(http?.block).filter((d) => d.startsWith('resolver'))).toEqual([]);
      expect(directiveLines(top).filter((d) => d.startsWith('user '))).toEqual(['user www-data']);
      expect(directiveLines(server?.block)).toEqual(expect.arrayContaining(['listen 127.0.0.1:8088', 'root /srv/spa']));
      expect(conf).not.toMatch(/brotli_static on;|load_module/);
    });

    it('loads Debian’s brotli_static module when asked (or found) and sends the prebuilt .br beside each .gz', () => {
      const conf = hostConf(['--upstream', '127.0.0.1:4001', '--brotli', 'on', '--modules-dir', '/usr/lib/nginx/modules']);
      const { top } = readNginxConf(conf);
      expect(directiveLines(top)).toContain('load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so');
      expect(conf.match(/brotli_static on;/g)?.length).toBe(conf.match(/gzip_static on;/g)?.length);
    });

    it('refuses what it cannot render: no upstream, a malformed one', () => {
      const run = (args: string[]) => spawnSync(process.execPath, [join(ROOT, HOST_CONF_SCRIPT), ...args], { cwd: ROOT, encoding: 'utf8' });
      expect(run([]).stderr).toMatch(/at least one --upstream/);
      expect(run(['--upstream', 'api']).stderr).toMatch(/expected host:port/);
    });
  });
});
