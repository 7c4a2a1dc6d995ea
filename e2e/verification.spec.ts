import { devices, expect } from '@playwright/test';
import { licenceFor, material, test } from './support/id-camera';
import { apiSignup, openLoggedIn, sql } from './support/stack';
import { signInToOps } from './support/admin';

// A phone, with the camera allowed.
const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 7'];
test.use({ ...pixel, permissions: ['camera'] });

async function chooseDocument(page: import('@playwright/test').Page, licence: material.MaterialPerson) {
  await page.getByLabel('Front of your licence photo file').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await material.licenceFront(licence) });
  await expect(page.getByRole('img', { name: 'Front of your licence (taken)' })).toBeVisible();
  await page
    .getByLabel('Back of your licence photo file')
    .setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await material.licenceBack(material.aamvaText(licence)) });
  await expect(page.getByRole('img', { name: 'Back of your licence (taken)' })).toBeVisible();
}

test('a player on a phone takes the licence shots and a live selfie with the camera and sees the verdict arrive live', async ({ page, request }) => {
  const p = await apiSignup(request);
  await openLoggedIn(page, p, '/verification');
  const bell = page.getByRole('button', { name: /^Notifications \(/ });
  await expect(bell).toHaveAccessibleName('Notifications (0 unread)');
  await page.getByText('What we check, and what happens to your photos').click();
  await expect(page.getByText('Every photo is deleted as soon as the check ends, whatever the result.')).toBeVisible();

  await page.getByRole('button', { name: 'Send for verification' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select a file to upload.');
  await chooseDocument(page, licenceFor(p));

  await page.getByRole('button', { name: 'Start selfie camera' }).click();
  await expect(page.getByLabel('Camera for the selfie')).toBeVisible();
  // The turn prompt shows only while frames are sampled (2.4 s); a poll on a busy machine can
  // fall either side of it, so the page keeps every prompt it shows.
  await page.evaluate(() => {
    const shown: string[] = ((window as unknown as { prompts: string[] }).prompts = []);
    new MutationObserver(() => {
      const text = document.querySelector('.id-shot__prompt')?.textContent;
      if (text && shown.at(-1) !== text) shown.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Take selfie' }).click();
  await expect(page.getByRole('img', { name: 'Selfie with your head turned (taken)' })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { prompts: string[] }).prompts)).toContain('Now turn your head slowly to one side...');

  await page.getByRole('button', { name: 'Send for verification' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Checking your ID and selfie...' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Checking your ID' })).toBeVisible();
  // No reload: the worker's verdict is pushed to the page and the bell.
  await expect(page.locator('#id-verification-title')).toContainText('Verified', { timeout: 60_000 });
  await expect(page.getByText('Your ID has been verified.')).toBeVisible();
  // The next step is right there.
  await expect(page.getByRole('link', { name: 'Create a ranked match' })).toHaveAttribute('href', '/create-match?ranked=1');
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)');
  // The photos are rows of the upload (deleted with it, docs/identity-rules.md#verdicts-deletion-and-retries); other tests' uploads may be pending meanwhile.
  const [row] = await sql<{ id_verified: boolean; uploads: string }>(
    `SELECT id_verified, (SELECT count(*) FROM id_check_uploads WHERE user_id = $1) AS uploads FROM users WHERE id = $1`,
    [p.userId],
  );
  expect(row).toEqual({ id_verified: true, uploads: '0' });
});

test('a player whose selfie does not match the ID reads why and what to retake, live', async ({ page, request }) => {
  const p = await apiSignup(request);
  await openLoggedIn(page, p, '/verification');
  await chooseDocument(page, licenceFor(p));
  // The desktop fallback: two photos of someone else.
  const [straight, turned] = await material.selfieFrames('6.0');
  await page.getByText('No camera? Choose two photos').click();
  await page.getByLabel('Selfie looking at the camera').setInputFiles({ name: 'a.jpg', mimeType: 'image/jpeg', buffer: straight });
  await page.getByLabel('Selfie with your head turned').setInputFiles({ name: 'b.jpg', mimeType: 'image/jpeg', buffer: turned });
  // Sent the moment the button offers it: while the photos are downscaled it says 'Preparing
  // photos...' (with Chromium's CPU slowed 30×, a send before that hold was refused as "no selfie").
  await page.getByRole('button', { name: 'Send for verification' }).click();
  const verdict = page.locator('.id-check__verdict');
  await expect(verdict).toContainText('ID verification failed: Your selfie does not match the photo on your ID.', { timeout: 60_000 });
  await expect(verdict).toContainText('Take again: the selfie.');
  await expect(page.locator('fieldset.id-shot--retake legend')).toHaveText(/Selfie/);
  // Only the rejected shot is asked for again: the licence's two shots are kept for the retry.
  await expect(page.getByRole('img', { name: 'Front of your licence (taken)' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Back of your licence (taken)' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Selfie with your head turned (taken)' })).toHaveCount(0);
  expect(await sql(`SELECT 1 FROM id_check_uploads WHERE user_id = $1`, [p.userId])).toHaveLength(0);
});

test('an operator sees a document verified on one account and sent by another, with both accounts named', async ({ browser, request }) => {
  const licencePerson = { firstName: 'Casey', lastName: 'Hooper', dateOfBirth: '1999-06-15' };
  const licence = licenceFor(licencePerson);
  const [straight, turned] = await material.selfieFrames('3.0');
  const send = async (token: string) => {
    const res = await request.post('/api/verify', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        document_type: 'drivers_license',
        id_photo: { name: 'f.jpg', mimeType: 'image/jpeg', buffer: await material.licenceFront(licence) },
        id_back: { name: 'b.jpg', mimeType: 'image/jpeg', buffer: await material.licenceBack(material.aamvaText(licence)) },
        selfie: { name: 's.jpg', mimeType: 'image/jpeg', buffer: straight },
        selfie_turned: { name: 't.jpg', mimeType: 'image/jpeg', buffer: turned },
      },
    });
    expect(res.status()).toBe(202);
  };
  const settled = async (token: string) => {
    await expect
      .poll(async () => (await (await request.get('/api/verify', { headers: { authorization: `Bearer ${token}` } })).json()).status, { timeout: 60_000 })
      .not.toBe('pending');
  };
  const first = await apiSignup(request, licencePerson);
  await send(first.token);
  await settled(first.token);
  const second = await apiSignup(request, licencePerson);
  await send(second.token);
  await settled(second.token);

  const ops = await browser.newPage();
  await signInToOps(ops, '/admin/identity');
  const row = ops.getByRole('row').filter({ hasText: second.username });
  await expect(row).toContainText(first.username);
  await expect(row).toContainText(second.email);
  await ops.close();
});
