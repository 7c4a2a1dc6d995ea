import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiSignup, openLoggedIn } from './support/stack';

/**
 * Offline is visible (docs/realtime.md#offline): one strip driven by the connection, presence
 * hidden while this phone cannot hear it, a message written offline waiting in a pending bubble
 * and going out by itself once the connection is back.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const socketUp = (page: Page) => expect.poll(() => page.evaluate(() => (window as unknown as { __gotnextSocketConnected?: boolean }).__gotnextSocketConnected)).toBe(true);

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  return { context, page: await context.newPage() };
}

test('offline: the strip, no presence, a pending chat bubble with Retry, then delivery and a clean screen on reconnect', async ({ browser, request }) => {
  const alice = await apiSignup(request);
  const bob = await apiSignup(request);
  // Friends, so each sees the other's presence.
  await request.post('/api/friends/request', { headers: { Authorization: `Bearer ${alice.token}` }, data: { userId: bob.userId } });
  await request.post('/api/friends/request', { headers: { Authorization: `Bearer ${bob.token}` }, data: { userId: alice.userId } });

  const a = await phone(browser);
  const b = await phone(browser);
  await openLoggedIn(b.page, bob, `/chat/${alice.userId}`);
  await openLoggedIn(a.page, alice, `/chat/${bob.userId}`);
  await socketUp(a.page);
  await socketUp(b.page);
  const strip = a.page.getByTestId('connection-strip');
  await expect(a.page.getByRole('img', { name: `${bob.username} is online` })).toBeVisible();
  await expect(a.page.getByText('Online', { exact: true })).toBeVisible();
  await expect(strip).toHaveCount(0);

  await a.context.setOffline(true);
  await expect(strip).toHaveText('No connection · reconnecting… What you see may be out of date.');
  await expect(strip).toBeInViewport();
  await expect(a.page.getByRole('img', { name: `${bob.username} is online` })).toHaveCount(0);
  await expect(a.page.getByText('Online', { exact: true })).toHaveCount(0);

  await a.page.getByLabel(`Message ${bob.username}`).fill('Running late, 10 min');
  await a.page.getByRole('button', { name: 'Send' }).click();
  const pending = a.page.getByTestId('pending-message');
  await expect(pending).toContainText('Running late, 10 min');
  await expect(pending).toContainText("Sending when you're back online");
  await expect(a.page.getByLabel(`Message ${bob.username}`)).toHaveValue('');
  // Retry while still offline: nothing can go out yet, and the bubble stays.
  await pending.getByRole('button', { name: 'Retry' }).click();
  await expect(pending).toContainText("Sending when you're back online");
  const bobThread = b.page.getByRole('list', { name: `Chat with ${alice.username}` });
  await expect(bobThread).toContainText('No messages yet. Say hello!');
  // The screen polls while offline and its reads fail: the chat and the waiting message stay.
  await a.page.waitForEvent('requestfailed', { predicate: (r) => new URL(r.url()).pathname.startsWith('/api/') });
  await expect(pending).toContainText("Sending when you're back online");

  await a.context.setOffline(false);
  await expect(strip).toHaveCount(0);
  await expect(bobThread.getByTestId('chat-message')).toHaveText([/Running late, 10 min/]);
  await expect(pending).toHaveCount(0);
  await expect(a.page.getByRole('list', { name: `Chat with ${bob.username}` }).getByTestId('chat-message')).toHaveText([/Running late, 10 min/]);
  await expect(a.page.getByRole('img', { name: `${bob.username} is online` })).toBeVisible();
  await a.context.close();
  await b.context.close();
});
