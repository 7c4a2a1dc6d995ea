// The environment the API and the worker get from the launchers.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { DATA_DIR, ROOT } from './services.mjs';

/** Reads .env at the repo root when present (Node's own loader; real env wins). */
export function loadDotEnv() {
  const file = join(ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/** A secret generated once and kept under .data/, so a restart keeps sessions and the admin login. */
function persistentSecret(name, bytes) {
  mkdirSync(DATA_DIR, { recursive: true });
  const file = join(DATA_DIR, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(bytes).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/**
 * The VAPID key pair of Web Push (docs/notifications.md#web-push), generated once under .data/ like
 * the secrets above: push subscriptions are bound to the public key, so it must survive restarts.
 */
function persistentVapidKeys() {
  mkdirSync(DATA_DIR, { recursive: true });
  const file = join(DATA_DIR, 'vapid-keys.json');
  if (!existsSync(file)) {
    const { generateVAPIDKeys } = createRequire(join(ROOT, 'backend/package.json'))('web-push');
    writeFileSync(file, JSON.stringify(generateVAPIDKeys()), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

export function appEnv({ databaseUrl, redisUrl, port, extra = {} }) {
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PORT: String(port),
    PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${port}`,
    JWT_SECRET: process.env.JWT_SECRET || persistentSecret('jwt-secret', 48),
    ID_DOCUMENT_SECRET: process.env.ID_DOCUMENT_SECRET || persistentSecret('id-document-secret', 48),
    INTEGRITY_HASH_SECRET: process.env.INTEGRITY_HASH_SECRET || persistentSecret('integrity-hash-secret', 48),
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || persistentSecret('admin-password', 12),
    OUTBOX_DIR: process.env.OUTBOX_DIR || join(DATA_DIR, 'outbox'),
    LOG_FORMAT: process.env.LOG_FORMAT || 'text',
    ...extra,
  };
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) {
    const keys = persistentVapidKeys();
    env.VAPID_PUBLIC_KEY = keys.publicKey;
    env.VAPID_PRIVATE_KEY = keys.privateKey;
  }
  return env;
}
