import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiSignup, openLoggedIn, sql } from './support/stack';

test('a player edits the profile, uploads a photo and turns on the censor preference', async ({ page, request }) => {
  const p = await apiSignup(request, { firstName: 'Riley', lastName: 'Banks' });
  await openLoggedIn(page, p, '/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Riley Banks' })).toBeVisible();
  await expect(page.getByText('Verification is required to play ranked matches.')).toBeVisible();
  await expect(page.getByText('Region Ranking')).toBeVisible();

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Bio').fill('Crafty point guard who lives at the rim.');
  await page.getByRole('button', { name: /^Height:/ }).click();
  await expect(page.getByLabel('Feet')).toHaveValue('6'); // default 6'0
  await page.getByLabel('Feet').selectOption('5');
  await page.getByLabel('Inches').selectOption('11');
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('Weight', { exact: true }).fill('172 lbs');
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  await page.getByLabel('Profile Photo (under 4MB)').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  await expect.poll(() => page.getByRole('img', { name: 'Preview of your new photo' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  await page.getByRole('button', { name: 'Save' }).click();

  // Back in view mode with the new values and the uploaded photo actually loading.
  await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Saved');
  await expect(page.getByText('Crafty point guard who lives at the rim.')).toBeVisible();
  await expect(page.getByText(`5'11`)).toBeVisible();
  const avatar = page.locator('.account-header__photo');
  await expect(avatar).toHaveAttribute('src', new RegExp(`/uploads/profile-pictures/${p.userId}\\.jpg\\?v=1$`));
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640); // the stored JPEG, not the fallback

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Censor sensitive info (email, phone, date of birth)').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: p.username })).toBeVisible();
  await expect(page.getByText(p.email)).toHaveCount(0);
  await expect(page.getByText('******')).toHaveCount(3);
  const [row] = await sql<{ bio: string; height: string; preferences: { censorSensitiveInfo: boolean } }>(`SELECT bio, height, preferences FROM users WHERE id = $1`, [p.userId]);
  expect(row).toMatchObject({ bio: 'Crafty point guard who lives at the rim.', height: `5'11`, preferences: { censorSensitiveInfo: true } });
});

test('a player blocks and unblocks another player from the account page', async ({ page, request }) => {
  const me = await apiSignup(request);
  const other = await apiSignup(request);
  await openLoggedIn(page, me, '/account');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Manage/Add Blocked Players' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Search players').fill(other.username.slice(0, 1));
  await expect(dialog.getByRole('list', { name: 'Search results' })).toHaveCount(0); // searching starts at 2 characters
  await dialog.getByLabel('Search players').fill(other.username);
  await dialog.getByRole('button', { name: `Block ${other.username}` }).click();
  await expect(dialog.getByRole('list', { name: 'Blocked players' })).toContainText(other.username);
  expect(await sql(`SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, [me.userId, other.userId])).toHaveLength(1);
  // Both ways: the blocked player no longer finds the blocker.
  const seen = await request.get(`/api/players?query=${me.username}`, { headers: { authorization: `Bearer ${other.token}` } });
  expect((await seen.json()).players).toEqual([]);

  await dialog.getByRole('button', { name: `Unblock ${other.username}` }).click();
  await expect(dialog.getByText('You have not blocked anyone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await sql(`SELECT 1 FROM blocks WHERE blocker_id = $1`, [me.userId])).toHaveLength(0);
});

test('a player deletes the account with the password asked again and is logged out to /login', async ({ page, request }) => {
  const p = await apiSignup(request);
  await openLoggedIn(page, p, '/account');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(/\/delete-account$/);
  await page.getByRole('button', { name: 'Confirm Delete' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password is required.');
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  await page.getByRole('button', { name: 'Confirm Delete' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password is incorrect.'); // the server's answer; still logged in
  await expect(page).toHaveURL(/\/delete-account$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(p.token);
  await page.getByLabel('Password').fill(p.password);
  await page.getByRole('button', { name: 'Confirm Delete' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user_id')])).toEqual([null, null]);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  const login = await request.post('/api/login', { data: { identifier: p.username, password: p.password } });
  expect(login.status()).toBe(401);
  const [row] = await sql<{ deleted: boolean }>(`SELECT deleted_at IS NOT NULL AS deleted FROM users WHERE id = $1`, [p.userId]);
  expect(row.deleted).toBe(true);
});

test('while the socket cannot connect the bell polls, so a new notification still shows up', async ({ page, request }) => {
  const p = await apiSignup(request);
  // No live channel at all: the websocket is closed at once and long-polling is refused.
  await page.routeWebSocket(/socket\.io/, (ws) => ws.close());
  await page.route(/\/socket\.io\//, (route) => route.abort());
  await openLoggedIn(page, p, '/');
  const bell = page.getByRole('button', { name: /^Notifications \(/ });
  await expect(bell).toHaveAccessibleName('Notifications (0 unread)');
  expect(await page.evaluate(() => (window as unknown as { __gotnextSocketConnected: boolean }).__gotnextSocketConnected)).toBe(false);
  await sql(`INSERT INTO notifications (user_id, type, message, match_id, match_type) VALUES ($1, 'score_reminder', 'Please report your score.', 77, '3v3')`, [p.userId]);
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)', { timeout: 10_000 });
  await bell.click();
  await expect(page.getByRole('link', { name: 'Go to Match' })).toHaveAttribute('href', '/report-score3v3/77');
});
