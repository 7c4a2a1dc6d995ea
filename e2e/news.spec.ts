import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signInToOps } from './support/admin';
import { openLoggedIn } from './support/stack';
import { playRanked, verifiedPlayer } from './support/ranked';

/**
 * News and the home page: an operator publishes an article with a header image on the ops page;
 * home lists it (newest first, a 100-character preview) beside the world's top 10, and the
 * article opens. A viewer who blocked a top player does not see them there.
 */
test('an operator publishes an article; home shows it and the top 10, and the article opens', async ({ page, browser, request }) => {
  const tag = `nw${Date.now().toString(36)}`;
  const winner = await verifiedPlayer(request, { state: 'MT', username: `${tag}win`, email: `${tag}win@example.com` });
  const loser = await verifiedPlayer(request, { state: 'MT', username: `${tag}los`, email: `${tag}los@example.com` });
  await playRanked(request, winner, loser, 21, 0);
  await expect.poll(async () => (await (await request.get('/api/top-players')).json()).players.length, { timeout: 20_000 }).toBeGreaterThan(1);

  await signInToOps(page, '/admin');
  await page.getByRole('link', { name: 'News articles' }).first().click();
  await expect(page.getByRole('heading', { name: 'Publish an article' })).toBeVisible();
  const title = `Summer League opens ${tag}`;
  const text = `Sign-ups open Monday for the summer league. Every court in town is in, and ranked games count double for bragging rights.\n\nBring <b>your</b> friends.`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Text').fill(text);
  const image = await sharp({ create: { width: 1800, height: 750, channels: 3, background: { r: 240, g: 120, b: 30 } } })
    .png()
    .toBuffer();
  await page.getByLabel(/Header image/).setInputFiles({ name: 'header.png', mimeType: 'image/png', buffer: image });
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Article published.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Published' }).getByRole('link', { name: title })).toBeVisible();

  // A visitor's home: the article first in Latest News, with its preview, and the top 10.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const news = visitor.getByRole('region', { name: 'Latest News' });
  await expect(news.getByRole('link').first()).toHaveText(title);
  await expect(news).toContainText(`${text.slice(0, 100)}...`);
  const top = visitor.getByRole('region', { name: 'Top 10 Players in the World' });
  const rows = top.getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(10);
  await expect(rows.first()).toContainText(/^1/);
  await expect(top).toContainText(winner.username);

  await news.getByRole('link', { name: title }).click();
  await expect(visitor).toHaveURL(/\/article\/\d+$/);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitor.getByText('Bring <b>your</b> friends.')).toBeVisible();
  const header = visitor.locator('img.article__image');
  await expect(header).toHaveAttribute('src', /\/uploads\/article-pictures\/\d+\.jpg\?v=1$/);
  // The image loads after the heading shows: wait for it (a loaded 1600 px picture), do not sample once.
  await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);

  // A player who blocked the winner does not see them in the top 10; the visitor still does.
  const blocker = await verifiedPlayer(request);
  await request.post('/api/block-user', { headers: { Authorization: `Bearer ${blocker.token}` }, data: { username: winner.username } });
  const blockersPage = await (await browser.newContext()).newPage();
  await openLoggedIn(blockersPage, blocker, '/');
  const blockersTop = blockersPage.getByRole('region', { name: 'Top 10 Players in the World' });
  await expect(blockersTop.getByRole('listitem').first()).toBeVisible();
  await expect(blockersTop).not.toContainText(winner.username);
});
