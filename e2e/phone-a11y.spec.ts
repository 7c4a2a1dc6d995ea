import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { axeViolations } from './support/axe';
import { signInToOps } from './support/admin';
import { openLoggedIn } from './support/stack';
import { verifiedPlayer } from './support/ranked';

/**
 * WCAG 2.2 AA on every page of the route table (docs/product.md#accessibility): axe-core checks
 * each route, in the light and the dark theme, on a phone, and the test fails on any serious or
 * critical violation. The paths are read from the route table itself (frontend/src/app/routes.tsx,
 * the ops sections from adminSections.ts), so a new page is checked without touching this file.
 */
const source = (file: string) => readFileSync(resolve(__dirname, '..', file), 'utf8');
const routePaths = [...source('frontend/src/app/routes.tsx').matchAll(/path: '([^']+)'/g)].map((m) => m[1]).filter((p) => !['/', '*', 'admin'].includes(p));
const adminPaths = [...source('frontend/src/features/admin/adminSections.ts').matchAll(/path: '([^']+)'/g)].map((m) => `/admin/${m[1]}`);

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
test.describe.configure({ timeout: 300_000 });

async function routeValues(request: import('@playwright/test').APIRequestContext) {
  const me = await verifiedPlayer(request);
  const other = await verifiedPlayer(request);
  const as = { Authorization: `Bearer ${me.token}` };
  const match = await (await request.post('/api/create-match-1v1', { headers: as, data: { ranked: false, scoringType: '1s & 2s to 21' } })).json();
  const league = await (await request.post('/api/leagues', { headers: as, data: { name: `Axe League ${Date.now().toString(36)}` } })).json();
  const values: Record<string, string> = {
    matchId: String(match.match_id),
    userId: String(other.userId),
    leagueId: String(league.league.id),
    articleId: '1',
    token: 'not-a-real-token',
  };
  const paths = ['/', ...routePaths.map((p) => `/${p.replace(/:(\w+)/g, (_, name: string) => values[name] ?? '1')}`)];
  return { me, paths };
}

// One test per theme and half of the table, so each stays short on a loaded machine and they run side by side.
for (const scheme of ['light', 'dark'] as const) {
  for (const half of [0, 1]) {
    test(`every page of the route table passes axe in the ${scheme} theme, half ${half + 1} (no serious or critical violation)`, async ({ page, request }) => {
      const { me, paths: all } = await routeValues(request);
      expect(all).toContain('/leaderboard');
      expect(all.length).toBeGreaterThan(30);
      const paths = all.filter((_, i) => i % 2 === half);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await openLoggedIn(page, me, '/');
      const found: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        for (const v of await axeViolations(page, { seriousOnly: true })) found.push(`${scheme} ${path}: ${v}`);
      }
      expect(found).toEqual([]);
    });
  }
}

test('every page of the ops area passes axe in both themes', async ({ page }) => {
  await signInToOps(page, '/admin');
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    for (const path of ['/admin', ...adminPaths]) {
      await page.goto(path);
      for (const v of await axeViolations(page, { seriousOnly: true })) found.push(`${scheme} ${path}: ${v}`);
    }
  }
  expect(found).toEqual([]);
});

test('the account page switch overrides the system theme, and the skip link comes first on the keyboard', async ({ page, request }) => {
  const me = await verifiedPlayer(request);
  await page.emulateMedia({ colorScheme: 'light' });
  await openLoggedIn(page, me, '/account');
  const background = () => page.evaluate(() => getComputedStyle(document.body.parentElement!).getPropertyValue('--bg').trim());
  expect(await background()).toBe('#f2f3f5');
  await page.getByRole('radio', { name: 'Dark' }).check();
  expect(await background()).toBe('#0f1115');
  // Kept on this device: a reload stays dark although the system says light.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await background()).toBe('#0f1115');
  await page.getByRole('radio', { name: 'Same as this device' }).check();
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await background()).toBe('#0f1115');
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await background()).toBe('#f2f3f5');

  // Keyboard: on a fresh page the first Tab reaches the skip link.
  await page.goto('/leaderboard');
  // The player presses Tab on the page they see: the app's shell, not the HTML's skeleton, which
  // React replaces (a Tab pressed before that lands nowhere, and the test raced React under load).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
});
