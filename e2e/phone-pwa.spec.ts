import { expect, test } from '@playwright/test';

/**
 * The installable app (docs/architecture.md#phone-app): a manifest with real icons, a service
 * worker that precaches the shell and shows the offline page when there is no network, and never
 * keeps an API answer.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

test('the manifest names the app and its icons, and every icon is a real PNG', async ({ page, request }) => {
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: 'GotNext', start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((i: { purpose: string }) => i.purpose)).toContain('maskable');
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const src of [...manifest.icons.filter((i: { type: string }) => i.type === 'image/png').map((i: { src: string }) => i.src), touch]) {
    const icon = await request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/png');
    expect((await icon.body()).subarray(1, 4).toString()).toBe('PNG');
  }
});

test('installed, the app shows the offline page without network and kept no API answer', async ({ page, context }) => {
  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: 'Top 50 Players in the World' })).toBeVisible();
  // The worker is active once its precache is complete.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  await page.goto('/friends');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByText('GotNext needs a connection')).toBeVisible();

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
  expect(cached.filter((u) => /^\/(api|socket\.io|uploads)\//.test(u))).toEqual([]);

  // Back online, the same address shows the app again.
  await context.setOffline(false);
  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: 'Top 50 Players in the World' })).toBeVisible();
});

test('a push delivered to the service worker shows a notification carrying the page a tap opens', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Chromium delivers the push to the worker as a push service would (DevTools' "Push" button).
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  const payload = { type: 'friend_request', title: 'GotNext', body: 'Jordan sent you a friend request.', url: '/friends', tag: 'n-1' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId, data: JSON.stringify(payload) });
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, url: n.data?.url }))))
    .toEqual([{ title: 'GotNext', body: 'Jordan sent you a friend request.', url: '/friends' }]);
});
