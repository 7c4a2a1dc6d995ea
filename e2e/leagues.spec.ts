import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiSignup, openLoggedIn } from './support/stack';

/** A player in their own browser context (their own phone). */
async function playerPage(browser: Browser, request: APIRequestContext, path = '/') {
  const p = await apiSignup(request);
  const page = await (await browser.newContext()).newPage();
  await openLoggedIn(page, p, path);
  return { ...p, page };
}

/** Pushes reach this tab (socket up), so live screens do not poll: what changes now came by push. */
const socketUp = (page: Page) => expect.poll(() => page.evaluate(() => (window as unknown as { __gotnextSocketConnected?: boolean }).__gotnextSocketConnected)).toBe(true);
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications \(/ });
const as = (token: string) => ({ Authorization: `Bearer ${token}` });

test('a player creates a league from the plus icon, invites a friend who accepts from the bell, they chat live, and a right granted then revoked moves the friend’s controls', async ({
  browser,
  request,
}) => {
  const alice = await playerPage(browser, request, '/leagues');
  const bob = await playerPage(browser, request, '/');
  // Friends already (the social screens have their own spec).
  await request.post('/api/friends/request', { data: { userId: bob.userId }, headers: as(alice.token) });
  const requests = await (await request.get('/api/friends', { headers: as(bob.token) })).json();
  await request.post('/api/friends/accept', { data: { requestId: requests.friendRequests[0].id }, headers: as(bob.token) });

  // Alice creates a private league from the plus icon.
  await expect(alice.page.getByText('You are not a member of any leagues yet.')).toBeVisible();
  await alice.page.getByRole('button', { name: 'Create League' }).click();
  const create = alice.page.getByRole('dialog', { name: 'Create League' });
  await create.getByRole('button', { name: 'Create League' }).click();
  await expect(create.getByRole('alert')).toHaveText('League name is required.');
  const name = `Tuesday Run ${alice.username.slice(-6)}`;
  await create.getByLabel('League Name').fill(name);
  await create.getByLabel('Private League').check();
  await create.getByRole('button', { name: 'Create League' }).click();
  await expect(alice.page).toHaveURL(/\/league\/\d+$/);
  const leagueId = Number(alice.page.url().split('/').pop());
  await expect(alice.page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(alice.page.getByRole('heading', { name: 'Members (1)' })).toBeVisible();
  await expect(alice.page.getByRole('button', { name: 'Leave League' })).toBeVisible();
  for (const icon of ['Settings', 'Add Match', 'Invite']) await expect(alice.page.getByRole('button', { name: icon, exact: true })).toBeVisible();
  await socketUp(alice.page);

  // She invites Bob: Invite turns into a disabled Invited.
  await alice.page.getByRole('button', { name: 'Invite', exact: true }).click();
  const inviteDialog = alice.page.getByRole('dialog', { name: 'Invite Members' });
  await inviteDialog.getByLabel('Search players').fill('zz-nobody-has-this-name');
  await expect(inviteDialog.getByText('No players found.')).toBeVisible();
  await inviteDialog.getByLabel('Search players').fill(bob.username);
  await inviteDialog.getByRole('button', { name: `Invite ${bob.username}` }).click();
  await expect(inviteDialog.getByRole('button', { name: 'Invited' })).toBeDisabled();
  await inviteDialog.getByRole('button', { name: 'Close' }).click();

  // Bob gets it live in the bell, and accepts from the league page.
  await socketUp(bob.page);
  await expect(bell(bob.page)).toHaveAccessibleName('Notifications (2 unread)'); // Alice's friend request, and the invite
  await bell(bob.page).click();
  const dropdown = bob.page.getByRole('region', { name: 'Notifications' });
  await expect(dropdown).toContainText(`${alice.username} invited you to join the league ${name}.`);
  await dropdown.getByRole('link', { name: 'View Invite' }).click();
  await expect(bob.page).toHaveURL(new RegExp(`/league/${leagueId}$`));
  await expect(bob.page.getByText(`${alice.username} invited you to join this league.`)).toBeVisible();
  await bob.page.getByRole('button', { name: 'Accept' }).click();
  await expect(bob.page.getByRole('button', { name: 'Leave League' })).toBeVisible();
  await expect(bob.page.getByRole('heading', { name: 'Members (2)' })).toBeVisible();
  // A member without rights of his own: only Invite, which 'Allow Members to Invite' (on by default) gives everyone.
  for (const icon of ['Settings', 'Add Match']) await expect(bob.page.getByRole('button', { name: icon, exact: true })).toHaveCount(0);
  await expect(bob.page.getByRole('button', { name: 'Invite', exact: true })).toBeVisible();
  // Alice's list follows by itself.
  await expect(alice.page.getByRole('heading', { name: 'Members (2)' })).toBeVisible();
  // Alice and Bob are friends: each sees Message for the other, no Add Friend, nothing for oneself.
  const members = alice.page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('link', { name: `Message ${bob.username}` })).toBeVisible();
  await expect(members.getByRole('link', { name: `Message ${alice.username}` })).toHaveCount(0);
  await expect(members.getByRole('button', { name: /as a friend$/ })).toHaveCount(0);

  // They chat, live both ways.
  const bobThread = bob.page.getByRole('list', { name: `${name} chat` });
  const aliceThread = alice.page.getByRole('list', { name: `${name} chat` });
  await expect(bob.page.getByText('No messages yet. Start the conversation!')).toBeVisible();
  await expect(bob.page.getByPlaceholder('Type your message...')).toBeVisible();
  await bob.page.getByLabel(`Message ${name}`).fill('   ');
  await expect(bob.page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await bob.page.getByLabel(`Message ${name}`).fill('Gym at 7?');
  await bob.page.getByRole('button', { name: 'Send' }).click();
  await expect(aliceThread.getByTestId('chat-message').last()).toContainText(bob.username);
  await expect(aliceThread.getByTestId('chat-message').last()).toContainText('Gym at 7?');
  await expect(bobThread.getByTestId('chat-message').last()).toContainText('You');
  await alice.page.getByLabel(`Message ${name}`).fill('Bet, see you there.');
  await alice.page.getByLabel(`Message ${name}`).press('Enter');
  await expect(bobThread.getByTestId('chat-message').last()).toContainText('Bet, see you there.');
  await expect(bobThread.getByTestId('chat-message')).toHaveCount(2);

  // Alice lets Bob edit the settings: his Settings icon appears without a reload...
  await alice.page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = alice.page.getByRole('dialog', { name: 'League Settings' });
  await expect(settings.getByText(alice.username, { exact: true })).toHaveCount(0); // her own entry is not there
  await settings.getByLabel(`Edit Settings for ${bob.username}`).check();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(alice.page.getByText('League settings updated.')).toBeVisible();
  await expect(bob.page.getByRole('button', { name: 'Settings', exact: true })).toBeVisible();
  // ...and takes it back: it is gone again, and the server refuses him at once.
  await alice.page.getByRole('button', { name: 'Settings', exact: true }).click();
  await settings.getByLabel(`Edit Settings for ${bob.username}`).uncheck();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(bob.page.getByRole('button', { name: 'Settings', exact: true })).toHaveCount(0);
  const refused = await request.put(`/api/leagues/${leagueId}`, { multipart: { is_private: 'false' }, headers: as(bob.token) });
  expect(refused.status()).toBe(403);
});

test('a visitor sees a public league but not a private one; a bad league address says so', async ({ browser, request }) => {
  const owner = await apiSignup(request);
  const open = await (await request.post('/api/leagues', { data: { name: `Open Run ${owner.username.slice(-6)}`, is_private: false }, headers: as(owner.token) })).json();
  const hidden = await (await request.post('/api/leagues', { data: { name: `Hidden Run ${owner.username.slice(-6)}`, is_private: true }, headers: as(owner.token) })).json();
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/league/${open.league.league_id}`);
  await expect(page.getByRole('heading', { level: 1, name: open.league.name })).toBeVisible();
  await expect(page.getByRole('img', { name: `${open.league.name} image` })).toHaveAttribute('src', '/default-league.svg');
  await expect(page.getByText('Join the league to read and write in its chat.')).toBeVisible();
  await page.getByRole('button', { name: 'Join League' }).click();
  await expect(page.getByRole('alert')).toHaveText('You must be logged in to join a league.');
  await page.goto(`/league/${hidden.league.league_id}`);
  await expect(page.getByRole('alert')).toHaveText('League not found.');
  await page.goto('/league/not-a-league');
  await expect(page.getByText('No league data found.')).toBeVisible();
});

test('while the socket cannot connect, a member’s league page polls: a new message and a new member still arrive', async ({ browser, request }) => {
  const owner = await apiSignup(request);
  const member = await apiSignup(request);
  const created = await (await request.post('/api/leagues', { data: { name: `Polling Run ${owner.username.slice(-6)}`, is_private: false }, headers: as(owner.token) })).json();
  const leagueId = created.league.league_id;
  await request.post('/api/leagues/join', { data: { league_id: leagueId }, headers: as(member.token) });
  const page = await (await browser.newContext()).newPage();
  // No live channel at all: the websocket is closed at once and long-polling is refused.
  await page.routeWebSocket(/socket\.io/, (ws) => ws.close());
  await page.route(/\/socket\.io\//, (route) => route.abort());
  await openLoggedIn(page, member, `/league/${leagueId}`);
  await expect(page.getByText('No messages yet. Start the conversation!')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __gotnextSocketConnected: boolean }).__gotnextSocketConnected)).toBe(false);

  const sent = await request.post('/api/leagues/chat', { data: { league_id: leagueId, message: 'Polling works in leagues too.' }, headers: as(owner.token) });
  expect(sent.status()).toBe(201);
  await expect(page.getByRole('list', { name: `${created.league.name} chat` })).toContainText('Polling works in leagues too.');
  const third = await apiSignup(request);
  await request.post('/api/leagues/join', { data: { league_id: leagueId }, headers: as(third.token) });
  await expect(page.getByRole('heading', { name: 'Members (3)' })).toBeVisible();
});
