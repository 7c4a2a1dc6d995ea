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
import { loadConfig } from '../src/config/env';

const ROOT = resolve(__dirname, '../..');
const DOCKERFILE = 'docker/Dockerfile';
const NGINX_CONF = 'docker/nginx.conf';
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
    Object.assign(childEnv, { ID_DOCUMENT_SECRET: TEST_ID_DOCUMENT_SECRET, ...TEST_VAPID }, env);
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
// nginx

interface Block {
  header: string;
  body: string;
}

function stripComments(conf: string): string {
  return conf.replace(/(^|\s)#[^\n]*/g, '$1');
}

/** Top-level `<header> { ... }` blocks directly inside `text`, braces matched. */
function blocks(text: string): Block[] {
  const found: Block[] = [];
  let depth = 0;
  let start = -1;
  let headerStart = 0;
  let header = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '{') {
      if (depth === 0) {
        header = text.slice(headerStart, i).trim();
        start = i + 1;
      }
      depth += 1;
    } else if (c === '}') {
      depth -= 1;
      if (depth === 0) {
        found.push({ header, body: text.slice(start, i) });
        headerStart = i + 1;
      }
    } else if (c === ';' && depth === 0) {
      headerStart = i + 1;
    }
  }
  return found;
}

/** The block's own directives (nested blocks removed), as "name args" strings. */
function directives(body: string): string[] {
  let flat = '';
  let depth = 0;
  for (const c of body) {
    if (c === '{') depth += 1;
    else if (c === '}') depth -= 1;
    else if (depth === 0) flat += c;
  }
  return flat
    .split(';')
    .map((d) => d.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

interface Location {
  modifier: string;
  pattern: string;
  body: string;
}

/** nginx's location choice: exact, then longest prefix unless a regex (in order) matches. */
function locationFor(locations: Location[], uri: string): Location | undefined {
  const exact = locations.find((l) => l.modifier === '=' && l.pattern === uri);
  if (exact) return exact;
  const prefixes = locations.filter((l) => (l.modifier === '' || l.modifier === '^~') && uri.startsWith(l.pattern)).sort((a, b) => b.pattern.length - a.pattern.length);
  if (prefixes[0]?.modifier === '^~') return prefixes[0];
  const regex = locations.find((l) => (l.modifier === '~' || l.modifier === '~*') && new RegExp(l.pattern, l.modifier === '~*' ? 'i' : '').test(uri));
  return regex ?? prefixes[0];
}

function seconds(value: string): number {
  const m = /^(\d+)(ms|s|m|h|d)?$/.exec(value);
  if (!m) return NaN;
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * unit;
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

    it('gives api and worker an environment the app accepts (its own env schema), without STATIC_DIR', () => {
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
        expect(app.STATIC_DIR).toBe('');
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
      const root = /(?:^|\n)\s*root\s+([^;]+);/.exec(stripComments(read(NGINX_CONF)))?.[1];
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

  describe('docker/nginx.conf', () => {
    const conf = stripComments(read(NGINX_CONF));
    const http = blocks(conf).find((b) => b.header === 'http');
    const httpBlocks = blocks(http?.body ?? '');
    const server = httpBlocks.find((b) => b.header === 'server');
    const upstream = httpBlocks.find((b) => b.header.startsWith('upstream '));
    const upstreamName = upstream?.header.split(/\s+/)[1];
    const locations: Location[] = blocks(server?.body ?? '')
      .filter((b) => b.header.startsWith('location '))
      .map((b) => {
        const parts = b.header.split(/\s+/).slice(1);
        return parts.length > 1 ? { modifier: parts[0], pattern: parts[1], body: b.body } : { modifier: '', pattern: parts[0], body: b.body };
      });
    /** A directive as it applies in a location: its own, else inherited from server, else http. */
    const effective = (location: Location, name: string): string[] => {
      for (const scope of [location.body, server?.body ?? '', http?.body ?? '']) {
        const own = directives(scope).filter((d) => d.split(' ')[0] === name);
        if (own.length) return own.map((d) => d.slice(name.length + 1));
      }
      return [];
    };
    const route = (uri: string) => {
      const location = locationFor(locations, uri);
      if (!location) throw new Error(`no location of ${NGINX_CONF} handles ${uri}`);
      return location;
    };

    it('balances over the compose API service, sticky by client address', () => {
      expect(upstream).toBeDefined();
      const own = directives(upstream?.body ?? '');
      expect(own).toContain('hash $remote_addr');
      // `hash ... consistent` builds its ring from server names; the replicas share the one name
      // api:3000, so it would round-robin between them and long-polling would break.
      expect(own.join('\n')).not.toMatch(/consistent/);
      const port = config.services.api.environment?.PORT;
      expect(own).toContain(`server api:${port} resolve`);
      expect(own.some((d) => d.startsWith('zone '))).toBe(true); // `resolve` needs shared memory
      expect(directives(http?.body ?? '').some((d) => /^resolver 127\.0\.0\.11\b/.test(d))).toBe(true);
    });

    it('proxies every path the API owns (SERVER_PATHS in app.factory.ts) to that upstream', () => {
      const factory = readFileSync(join(ROOT, 'backend/src/app.factory.ts'), 'utf8');
      const serverPaths = /SERVER_PATHS\s*=\s*\/\^\\\/\(([^)]+)\)/.exec(factory)?.[1];
      expect(serverPaths).toBeDefined();
      const prefixes = (serverPaths ?? '').split('|').map((p) => p.replace(/\\/g, ''));
      expect(prefixes).toEqual(expect.arrayContaining(['api', 'socket.io', 'admin/queues']));
      for (const prefix of prefixes) {
        for (const uri of [`/${prefix}`, `/${prefix}/x`]) {
          const pass = effective(route(uri), 'proxy_pass');
          expect(`${uri} -> ${pass.join(',') || 'static files'}`).toBe(`${uri} -> http://${upstreamName}`);
        }
      }
      expect(effective(route('/admin/queues'), 'proxy_pass')).toEqual([`http://${upstreamName}`]);
      expect(effective(route('/api/health/ready'), 'proxy_pass')).toEqual([`http://${upstreamName}`]);
      expect(effective(route('/apiary'), 'proxy_pass')).toEqual([]); // a client route, not the API
      // The ops pages are client routes of the SPA; only the job board under them is the API's.
      expect(effective(route('/admin'), 'proxy_pass')).toEqual([]);
      expect(effective(route('/admin/reports'), 'proxy_pass')).toEqual([]);
    });

    it('carries WebSocket upgrades on /socket.io with HTTP/1.1 and a long read timeout', () => {
      const socket = route('/socket.io/');
      expect(effective(socket, 'proxy_http_version')).toEqual(['1.1']);
      const headers = effective(socket, 'proxy_set_header');
      expect(headers).toEqual(expect.arrayContaining(['Upgrade $http_upgrade', 'Connection $connection_upgrade']));
      const map = httpBlocks.find((b) => b.header === 'map $http_upgrade $connection_upgrade');
      expect(directives(map?.body ?? '')).toContain('default upgrade');
      const timeout = seconds(effective(socket, 'proxy_read_timeout')[0] ?? '60s');
      expect(timeout).toBeGreaterThanOrEqual(300);
    });

    it('forwards the client address without trusting what the client sent', () => {
      const headers = effective(route('/api/login'), 'proxy_set_header');
      expect(headers).toContain('X-Forwarded-For $remote_addr');
      expect(conf).not.toMatch(/\$proxy_add_x_forwarded_for/);
      expect(headers).toContain('Host $host');
    });

    it('serves the SPA with index.html for client routes and caches fingerprinted assets for long', () => {
      expect(effective(route('/matches/42'), 'try_files')).toEqual(['$uri /index.html']);
      const assets = route('/assets/index-abc123.js');
      expect(effective(assets, 'try_files')).toEqual(['$uri =404']);
      expect(effective(assets, 'add_header').join('\n')).toMatch(/Cache-Control "public, max-age=31536000, immutable"/);
      expect(effective(route('/'), 'add_header').join('\n')).toMatch(/Cache-Control "no-cache"/);
      expect(existsSync(join(ROOT, 'frontend/dist/assets'))).toBe(true);
    });

    it('accepts uploads up to the API limit (4 MB photos) and listens where compose publishes', () => {
      expect(directives(server?.body ?? '')).toContain('client_max_body_size 5m');
      expect(directives(server?.body ?? '')).toContain('listen 80');
    });
  });
});
