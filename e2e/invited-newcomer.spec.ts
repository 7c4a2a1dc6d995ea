import { expect } from '@playwright/test';
import { MSG, ROUTES, invitePath, lobbyPath, routePath } from '@gotnext/shared';
import { axeViolations } from './support/axe';
import { licenceFor, material, test } from './support/id-camera';
import { verifiedPlayer } from './support/ranked';
import { apiSignup, mailedLink, newPlayer, openLoggedIn } from './support/stack';
import { Taps } from './support/taps';

/**
 * Issue 47's invited newcomer on a phone (docs/matches.md#invite-preview): an invite link, no
 * account, a ranked match; in the lobby within 20 taps, without the browser's Back.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, permissions: ['camera'] };
test.use(PHONE);
test.describe.configure({ timeout: 240_000 });

test('an invited newcomer opens a ranked invite with no account, signs up, verifies and lands in the lobby in at most 20 taps; the creator sees them verifying, then on the roster', async ({
  browser,
  page,
  request,
}) => {
  // The creator: a verified player waiting in the lobby of a ranked 1v1, game to 5.
  const creator = await verifiedPlayer(request);
  const created = await request.post(routePath(ROUTES.createMatch.path, { type: '1v1' }), {
    headers: { Authorization: `Bearer ${creator.token}` },
    data: { ranked: true, scoringType: '1s & 2s to 5' },
  });
  expect(created.status()).toBe(201);
  const { match_id: matchId, match_code: code } = await created.json();
  const host = await (await browser.newContext(PHONE)).newPage();
  await openLoggedIn(host, creator, lobbyPath(matchId, '1v1'));
  await expect(host.getByTestId('lobby-status')).toHaveText('Waiting for 1 more player');
  await expect.poll(() => host.evaluate(() => (window as unknown as { __gotnextSocketConnected?: boolean }).__gotnextSocketConnected)).toBe(true);

  const taps = new Taps(page);
  const me = newPlayer();

  // 1. The link, from a chat: the preview says what it is before any account exists.
  await taps.open(invitePath(code), 'the invite link');
  const main = page.getByRole('main');
  await expect(main.getByText(MSG.invitePreview(creator.username, '1v1', true, 5))).toBeVisible();
  await expect(main.getByText(MSG.inviteLoginFirst)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // 2. Sign up (signing up logs in), and back to the invite.
  await taps.tap(main.getByRole('link', { name: 'Sign Up' }), 'Sign Up');
  await taps.select(page.getByLabel('Country'), 'United States');
  await taps.select(page.getByLabel('State'), 'NY');
  await taps.check(page.getByLabel('I accept the Terms of Service'));
  await taps.check(page.getByLabel('I accept the Privacy Policy'));
  await taps.fillAndSubmit(
    [
      [page.getByLabel('First Name'), me.firstName],
      [page.getByLabel('Last Name'), me.lastName],
      [page.getByLabel('Phone Number'), me.phoneNumber],
      [page.getByLabel('Email', { exact: true }), me.email],
      [page.getByLabel('Username'), me.username],
      [page.getByLabel('Password', { exact: true }), me.password],
      [page.getByLabel('Re-enter Password'), me.password],
      [page.getByLabel('Date of Birth'), me.dateOfBirth],
      [page.getByLabel('Bio'), me.bio],
    ],
    page.getByRole('button', { name: 'Sign Up' }),
    'Sign Up (the form)',
  );
  await expect(page.getByRole('status').filter({ hasText: 'Account created successfully!' })).toBeVisible();
  await taps.tap(page.getByRole('link', { name: 'Continue' }), 'Continue');

  // 3. A ranked invite for an unverified player: the way to verify, not a refusal.
  await expect(page).toHaveURL(new RegExp(`/join-match\\?code=${code}$`));
  await expect(main.getByText(MSG.invitePreview(creator.username, '1v1', true, 5))).toBeVisible();
  await expect(main).not.toContainText(MSG.rankedNeedsVerificationShown);
  expect(await axeViolations(page)).toEqual([]);
  await taps.tap(main.getByRole('link', { name: MSG.verifyToPlayRanked }), MSG.verifyToPlayRanked);
  await expect(page).toHaveURL(/\/verification\?next=/);

  // The creator's lobby says who is on the way.
  await expect(host.getByText(MSG.inviteeVerifying(me.username))).toBeVisible();

  // 4. The e-mail: its link went out with the new account; opened from the mail, then on with the ID.
  await taps.open(await mailedLink(me.email, 'verify-email'), 'the e-mail link');
  await taps.tap(page.getByRole('link', { name: 'Continue verifying' }), 'Continue verifying');
  // The finished step is folded away.
  await expect(page.getByText('Your e-mail address is confirmed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Verification Email' })).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);

  // 5. The ID: two shots of the licence, a live selfie, sent; the verdict arrives live.
  const licence = licenceFor(me);
  await taps.choosePhoto(
    page.getByLabel('Front of your licence photo file'),
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await material.licenceFront(licence) },
    'licence front',
  );
  await expect(page.getByRole('img', { name: 'Front of your licence (taken)' })).toBeVisible();
  await taps.choosePhoto(
    page.getByLabel('Back of your licence photo file'),
    { name: 'back.jpg', mimeType: 'image/jpeg', buffer: await material.licenceBack(material.aamvaText(licence)) },
    'licence back',
  );
  await expect(page.getByRole('img', { name: 'Back of your licence (taken)' })).toBeVisible();
  await taps.tap(page.getByRole('button', { name: 'Start selfie camera' }), 'Start selfie camera');
  await taps.tap(page.getByRole('button', { name: 'Take selfie' }), 'Take selfie');
  await expect(page.getByRole('img', { name: 'Selfie with your head turned (taken)' })).toBeVisible({ timeout: 15_000 });
  await taps.tap(page.getByRole('button', { name: 'Send for verification' }), 'Send for verification');
  await expect(page.getByText('Your ID has been verified.')).toBeVisible({ timeout: 90_000 });

  // 6. Back to the invite, which joins by itself: the lobby.
  await taps.tap(page.getByRole('link', { name: 'Back to the invite' }), 'Back to the invite');
  await expect(page).toHaveURL(new RegExp(`/pregame/${matchId}\\?matchType=1v1$`));
  await expect(page.getByTestId('lobby-status')).toHaveText(`Ready: waiting for ${creator.username} to start`);

  test.info().annotations.push({ type: 'taps', description: `${taps.count}\n${taps.log}` });
  expect(taps.count, taps.log).toBeLessThanOrEqual(20);

  // The creator's screen: the newcomer is the opponent now, and the verifying line is gone.
  await expect(host.getByRole('region', { name: 'Opponent' })).toContainText(me.username);
  await expect(host.getByTestId('lobby-status')).toHaveText('Ready: you can start the game');
  await expect(host.getByText(MSG.inviteeVerifying(me.username))).toHaveCount(0);
  await host.context().close();
});

test('a casual invite joins at once after login; a wrong code reads as a dead link, not an error page', async ({ page, request }) => {
  const creator = await verifiedPlayer(request);
  const created = await request.post(routePath(ROUTES.createMatch.path, { type: '1v1' }), {
    headers: { Authorization: `Bearer ${creator.token}` },
    data: { ranked: false, scoringType: '1s & 2s to 11' },
  });
  const { match_id: matchId, match_code: code } = await created.json();
  // Not verified: a casual match does not ask for it.
  const newcomer = await apiSignup(request);
  await page.goto(invitePath('ZZZZZZ'));
  await expect(page.getByRole('main').getByText(MSG.inviteLinkNotFound)).toBeVisible();

  await page.goto(invitePath(code));
  await expect(page.getByRole('main').getByText(MSG.invitePreview(creator.username, '1v1', false, 11))).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Login' }).tap();
  await page.getByLabel('Username or Email').fill(newcomer.username);
  await page.getByLabel('Password').fill(newcomer.password);
  await page.getByRole('button', { name: 'Login' }).tap();
  await expect(page).toHaveURL(new RegExp(`/pregame/${matchId}\\?matchType=1v1$`));
});
