import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './env';

const base = {
  DATABASE_URL: 'postgres://u@localhost:5432/db',
  REDIS_URL: 'redis://localhost:6379',
  JWT_SECRET: 'x'.repeat(32),
  ID_DOCUMENT_SECRET: 'y'.repeat(32),
  INTEGRITY_HASH_SECRET: 'z'.repeat(32),
};

describe('loadConfig', () => {
  it('fills defaults for everything optional', () => {
    const c = loadConfig(base);
    expect(c.PORT).toBe(3000);
    expect(c.REDIS_PREFIX).toBe('gotnext');
    expect(c.PUBLIC_URL).toBe('http://localhost:3000');
    expect(c.SMTP_URL).toBeUndefined();
  });

  it('turns numeric settings into numbers', () => {
    expect(loadConfig({ ...base, PORT: '8081' }).PORT).toBe(8081);
  });

  it('takes REDIS_CLUSTER_NODES as host:port,… and names a malformed list at boot', () => {
    expect(loadConfig(base).REDIS_CLUSTER_NODES).toBeUndefined();
    expect(loadConfig({ ...base, REDIS_CLUSTER_NODES: '10.0.0.1:6379,redis-b:7001' }).REDIS_CLUSTER_NODES).toBe('10.0.0.1:6379,redis-b:7001');
    for (const bad of ['10.0.0.1', '10.0.0.1:6379,', 'a:1, b:2', 'redis://a:1']) {
      expect(() => loadConfig({ ...base, REDIS_CLUSTER_NODES: bad })).toThrow('REDIS_CLUSTER_NODES must be host:port[,host:port…]');
    }
  });

  it('names every bad setting in one error', () => {
    try {
      loadConfig({ DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', PORT: 'abc' });
      throw new Error('should have failed');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as Error).message;
      expect(text).toContain('DATABASE_URL must be a postgres:// URL');
      expect(text).toContain('REDIS_URL');
      expect(text).toContain('JWT_SECRET must be at least 32 characters');
      expect(text).toContain('PORT');
    }
  });

  it('gives the shutdown a 10 s deadline, and allows the outbox test hook only under NODE_ENV=test', () => {
    expect(loadConfig(base).SHUTDOWN_TIMEOUT_MS).toBe(10000);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', OUTBOX_TEST_PAUSE_AFTER_COMMIT: 'match.started' })).toThrow(/for tests only/);
    expect(loadConfig({ ...base, NODE_ENV: 'test', OUTBOX_TEST_PAUSE_AFTER_COMMIT: 'match.started' }).OUTBOX_TEST_PAUSE_AFTER_COMMIT).toBe('match.started');
  });

  it('allows push test hosts only under NODE_ENV=test', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', PUSH_TEST_HOSTS: '127.0.0.1' })).toThrow(/PUSH_TEST_HOSTS is for tests only/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'development', PUSH_TEST_HOSTS: '127.0.0.1' })).toThrow(/PUSH_TEST_HOSTS is for tests only/);
    expect(loadConfig({ ...base, NODE_ENV: 'test', PUSH_TEST_HOSTS: '127.0.0.1' }).PUSH_TEST_HOSTS).toBe('127.0.0.1');
  });

  it('reads TRUSTED_PROXIES as addresses, ranges and named ranges, and names a bad entry at boot', () => {
    expect(loadConfig(base).TRUSTED_PROXIES).toBe('');
    expect(loadConfig({ ...base, TRUSTED_PROXIES: ' 172.31.250.10, 10.0.0.0/8,::1,fd00::/8,loopback ' }).TRUSTED_PROXIES).toBe('172.31.250.10, 10.0.0.0/8,::1,fd00::/8,loopback');
    for (const bad of ['nginx', '10.0.0.0/33', '10.0.0.1/8/2', '300.1.1.1', '*']) {
      expect(() => loadConfig({ ...base, TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES must be comma-separated IP addresses/);
    }
  });

  it("refuses to boot without the ID documents' hash key, or with a short one", () => {
    const { ID_DOCUMENT_SECRET: _unset, ...withoutKey } = base;
    expect(() => loadConfig(withoutKey)).toThrow(/ID_DOCUMENT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ ...base, ID_DOCUMENT_SECRET: 'short' })).toThrow(/ID_DOCUMENT_SECRET must be at least 32 characters/);
  });

  it('refuses a face already verified elsewhere unless told to flag it, and names a bad value', () => {
    expect(loadConfig(base).ID_FACE_UNIQUE).toBe('refuse');
    expect(loadConfig({ ...base, ID_FACE_UNIQUE: 'flag' }).ID_FACE_UNIQUE).toBe('flag');
    expect(() => loadConfig({ ...base, ID_FACE_UNIQUE: 'off' })).toThrow(/ID_FACE_UNIQUE must be refuse or flag/);
  });

  it('refuses an SMTP_URL that is not smtp', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });
});

describe('.env.example', () => {
  it('lists every setting the schema reads, with the same default', () => {
    const example = readFileSync(join(__dirname, '../../../.env.example'), 'utf8');
    const listed = new Map([...example.matchAll(/^#? ?([A-Z_]+)=(.*)$/gm)].map((m) => [m[1], m[2]]));
    const defaults = loadConfig(base) as unknown as Record<string, unknown>;
    for (const key of Object.keys(defaults)) {
      expect(listed.has(key)).toBe(true);
      const value = listed.get(key)!;
      if (value !== '' && !['DATABASE_URL', 'REDIS_URL'].includes(key)) expect(String(defaults[key])).toBe(value);
    }
  });
});
