import { expect, test, type Browser, type APIRequestContext, type Page } from '@playwright/test';
import { signInToOps } from './support/admin';
import { apiSignup, openLoggedIn } from './support/stack';

/** A player in their own browser context (their own phone). */
async function playerPage(browser: Browser, request: APIRequestContext, path = '/') {
  const p = await apiSignup(request);
  const context = await browser.newContext();
  const page = await context.newPage();
  await openLoggedIn(page, p, path);
  return { ...p, page };
}

/** Pushes reach this tab (socket up), so live screens do not poll: what changes now came by push. */
const socketUp = (page: Page) => expect.poll(() => page.evaluate(() => (window as unknown as { __gotnextSocketConnected?: boolean }).__gotnextSocketConnected)).toBe(true);
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications \(/ });

test('two players become friends from the profile and chat live both ways, the badges following without a reload', async ({ browser, request }) => {
  const alice = await playerPage(browser, request);
  const bob = await playerPage(browser, request, '/friends');
  await alice.page.goto(`/profile/${bob.userId}`);
  await socketUp(alice.page);
  await socketUp(bob.page);
  await expect(bob.page.getByText('No friend requests.')).toBeVisible();

  // Alice asks from Bob's profile.
  await alice.page.getByRole('button', { name: 'Add Friend' }).click();
  await expect(alice.page.getByRole('button', { name: 'Request Sent' })).toBeDisabled();

  // Bob's friends page and bell follow live; he accepts.
  const request1 = bob.page.getByRole('list', { name: 'Friend requests' });
  await expect(request1.getByRole('link', { name: alice.username, exact: true })).toBeVisible();
  await expect(bell(bob.page)).toHaveAccessibleName('Notifications (1 unread)');
  await bell(bob.page).click(); // opening the bell marks it read
  await expect(bob.page.getByRole('region', { name: 'Notifications' })).toContainText(`${alice.username} sent you a friend request.`);
  await bob.page.keyboard.press('Escape');
  await expect(bell(bob.page)).toHaveAccessibleName('Notifications (0 unread)');
  await bob.page.getByRole('button', { name: `Accept ${alice.username}` }).click();
  await expect(bob.page.getByText('No friend requests.')).toBeVisible();
  await expect(bob.page.getByRole('list', { name: 'Friends list' }).getByRole('link', { name: alice.username, exact: true })).toBeVisible();
  // Alice is online (her tab is open), and her view of Bob's profile turns to Remove Friend by itself.
  await expect(bob.page.getByRole('img', { name: `${alice.username} is online` })).toBeVisible();
  await expect(alice.page.getByRole('button', { name: 'Remove Friend' })).toBeVisible();

  // Alice writes from the profile's Message button.
  await alice.page.getByRole('link', { name: 'Message' }).click();
  await expect(alice.page).toHaveURL(new RegExp(`/chat/${bob.userId}$`));
  await expect(alice.page.getByText('No messages yet. Say hello!')).toBeVisible();
  await expect(alice.page.getByRole('img', { name: `${bob.username} is online` })).toBeVisible();
  await alice.page.getByLabel(`Message ${bob.username}`).fill('   ');
  await expect(alice.page.getByRole('button', { name: 'Send' })).toBeDisabled(); // blank is not sent
  await alice.page.getByLabel(`Message ${bob.username}`).fill('Run it back at 6?');
  await alice.page.getByRole('button', { name: 'Send' }).click();
  await expect(alice.page.getByRole('list', { name: `Chat with ${bob.username}` })).toContainText('Run it back at 6?');

  // Bob's badge on /friends and his bell move without a reload.
  await expect(bob.page.getByRole('link', { name: 'Messages (1 unread)' })).toBeVisible();
  await expect(bell(bob.page)).toHaveAccessibleName('Notifications (1 unread)');
  await bell(bob.page).click();
  await expect(bob.page.getByRole('region', { name: 'Notifications' })).toContainText('You have 1 unread message(s).');
  await bob.page.keyboard.press('Escape');

  await bob.page.getByRole('link', { name: 'Messages (1 unread)' }).click();
  const conversation = bob.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(alice.username) });
  await expect(conversation).toContainText('Run it back at 6?');
  await conversation.click();
  await expect(bob.page.getByRole('list', { name: `Chat with ${alice.username}` })).toContainText('Run it back at 6?');

  // Reading marks it read: Alice sees Seen, Bob's count is gone.
  await expect(alice.page.getByText('Seen', { exact: true })).toBeVisible();
  await expect(bell(bob.page)).toHaveAccessibleName('Notifications (0 unread)');

  // Bob types and answers; Alice sees "typing…" and then the reply, live.
  await bob.page.getByLabel(`Message ${alice.username}`).pressSequentially('Bet');
  await expect(alice.page.getByText('typing…')).toBeVisible();
  await bob.page.getByLabel(`Message ${alice.username}`).press('Enter');
  const aliceThread = alice.page.getByRole('list', { name: `Chat with ${bob.username}` });
  await expect(aliceThread.getByTestId('chat-message').last()).toHaveText(/Bet/);
  await expect(alice.page.getByText('typing…')).toHaveCount(0);
  await expect(bob.page.getByRole('list', { name: `Chat with ${alice.username}` }).getByTestId('chat-message')).toHaveCount(2);

  // Bob leaves: his dot goes out on Alice's screen within seconds.
  await bob.page.context().close();
  await expect(alice.page.getByRole('img', { name: `${bob.username} is online` })).toHaveCount(0);
});

test('a player reports another from the profile, and an operator sees it on the ops page', async ({ browser, request }) => {
  const cheat = await apiSignup(request);
  const reporter = await playerPage(browser, request, '/');
  await reporter.page.goto(`/profile/${cheat.userId}`);
  await reporter.page.getByRole('button', { name: 'Report Player' }).click();
  const dialog = reporter.page.getByRole('dialog', { name: `Report ${cheat.username}` });
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select a reason for the report.');
  await expect(dialog.getByLabel('Details')).toHaveCount(0);
  await dialog.getByLabel('Other').check();
  await dialog.getByLabel('Details').fill('Sandbagged the ranked run to farm rating.');
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Report submitted. Thank you for helping keep GotNext fair.');

  // A second player reports the same one, through the API.
  const second = await apiSignup(request);
  const res = await request.post('/api/report', { data: { reported_user_id: cheat.userId, reason: 'Win Boosting' }, headers: { Authorization: `Bearer ${second.token}` } });
  expect(res.status()).toBe(201);

  const ops = await (await browser.newContext()).newPage();
  await signInToOps(ops, '/admin');
  await ops.getByRole('link', { name: 'Player reports' }).first().click();
  const players = ops.getByRole('table', { name: 'Most reported players' });
  await expect(players.getByRole('row', { name: new RegExp(cheat.username) })).toContainText('2');
  // This player's reports, newest first; other tests' reports may land between them and the top.
  const reports = ops.getByRole('table', { name: 'Reports' }).getByRole('row').filter({ hasText: cheat.username });
  await expect(reports).toHaveCount(2);
  await expect(reports.nth(0)).toContainText('Win Boosting');
  await expect(reports.nth(0)).toContainText(second.username);
  await expect(reports.nth(1)).toContainText('Sandbagged the ranked run');
  await expect(reports.nth(1)).toContainText(reporter.username);
});

test('while the socket cannot connect the chat and the friends badge poll, so messages still arrive', async ({ browser, request }) => {
  const alice = await apiSignup(request);
  const bob = await apiSignup(request);
  const page = await (await browser.newContext()).newPage();
  // No live channel at all: the websocket is closed at once and long-polling is refused.
  await page.routeWebSocket(/socket\.io/, (ws) => ws.close());
  await page.route(/\/socket\.io\//, (route) => route.abort());
  await openLoggedIn(page, bob, `/chat/${alice.userId}`);
  await expect(page.getByText('No messages yet. Say hello!')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __gotnextSocketConnected: boolean }).__gotnextSocketConnected)).toBe(false);

  const sent = await request.post('/api/send-message', { data: { recipient_id: bob.userId, content: 'Polling works too.' }, headers: { Authorization: `Bearer ${alice.token}` } });
  expect(sent.status()).toBe(201);
  await expect(page.getByRole('list', { name: `Chat with ${alice.username}` })).toContainText('Polling works too.');

  await page.goto('/friends');
  await expect(page.getByRole('link', { name: 'Messages (0 unread)' })).toBeVisible(); // read on the chat screen
  await request.post('/api/send-message', { data: { recipient_id: bob.userId, content: 'Again.' }, headers: { Authorization: `Bearer ${alice.token}` } });
  await expect(page.getByRole('link', { name: 'Messages (1 unread)' })).toBeVisible();
});

test('a long chat opens at the newest message and loads older pages when scrolled to the top, without gaps', async ({ browser, request }) => {
  const alice = await apiSignup(request);
  const bob = await apiSignup(request);
  // 36 messages: more than one page (30). Each sender stays under the send rate limit.
  for (let i = 1; i <= 36; i += 1) {
    const [from, to] = i % 2 ? [alice, bob] : [bob, alice];
    const res = await request.post('/api/send-message', { data: { recipient_id: to.userId, content: `m${i}` }, headers: { Authorization: `Bearer ${from.token}` } });
    expect(res.status()).toBe(201);
  }
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await openLoggedIn(page, alice, `/chat/${bob.userId}`);
  const thread = page.getByRole('list', { name: `Chat with ${bob.username}` });
  const bubbles = thread.getByTestId('chat-message');
  await expect(bubbles.last()).toHaveText(/^m36/);
  await expect(bubbles.last()).toBeInViewport();
  await expect(bubbles).toHaveCount(30);
  await thread.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(bubbles).toHaveCount(36);
  const texts = await bubbles.locator('p').allTextContents();
  expect(texts).toEqual(Array.from({ length: 36 }, (_, i) => `m${i + 1}`));
  await expect(page.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
});
