import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import type { APIRequestContext } from '@playwright/test';

const ROOT = resolve(__dirname, '../..');

/** What scripts/e2e-server.mjs started: its database, Redis and mail outbox. */
export function stack(): { databaseUrl: string; redisUrl: string; redisPrefix: string; outbox: string; port: number } {
  return JSON.parse(readFileSync(join(ROOT, '.data/e2e-env.json'), 'utf8'));
}

/** Runs SQL on the app's database (to assert what was stored, or to set up state no screen creates yet). */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: stack().databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Waits for a mail to `to` in the outbox and returns the first link to `path` in it. */
export async function mailedLink(to: string, path: string, timeoutMs = 20_000): Promise<string> {
  const { outbox } = stack();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(outbox).sort().reverse()) {
      const raw = readFileSync(join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!raw.includes(to)) continue;
      const m = new RegExp(`https?://[^\\s"<>]*/${path}/[A-Za-z0-9_-]+`).exec(raw);
      if (m) return m[0];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${path} mail to ${to} within ${timeoutMs} ms`);
}

let n = 0;
/** A fresh valid player (signup payload). */
export function newPlayer(overrides: Record<string, unknown> = {}) {
  n += 1;
  const tag = `${Date.now().toString(36)}${process.pid % 1000}${n}`;
  return {
    firstName: 'Casey',
    lastName: 'Hooper',
    phoneNumber: '+15557654321',
    email: `e2e${tag}@example.com`,
    username: `e2e${tag}`,
    password: 'hoops123',
    dateOfBirth: '1999-06-15',
    height: null,
    weight: null,
    bio: 'Runs the weekend run.',
    state: 'NY',
    ...overrides,
  };
}

/** Signs a player up through the API (faster than the form when the form is not what a spec tests). */
export async function apiSignup(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const player = newPlayer(overrides);
  const res = await request.post('/api/signup', { data: player });
  if (res.status() !== 201) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
  const login = await request.post('/api/login', { data: { identifier: player.username, password: player.password } });
  const body = await login.json();
  return { ...player, userId: body.user_id as number, token: body.token as string };
}

/** Puts a player's session into a page's localStorage, as the login page does, and opens `path`. */
export async function openLoggedIn(page: import('@playwright/test').Page, player: { token: string; userId: number }, path = '/') {
  await page.goto('/');
  await page.evaluate(({ token, userId }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user_id', String(userId));
  }, player);
  await page.goto(path);
}

/** The operators' credentials of the e2e stack (scripts/e2e-server.mjs sets ADMIN_PASSWORD). */
export const E2E_ADMIN = { user: 'admin', password: 'e2e-admin' };
