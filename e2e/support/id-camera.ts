import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test as base } from '@playwright/test';
import sharp from 'sharp';
import * as material from '../../backend/test/support/id-material.cjs';

export { material };

const FAKE_CAMERA = resolve(__dirname, '../../.data/e2e-selfie-camera.mjpeg');
/** Chromium plays an MJPEG file at 30 frames a second, in a loop. */
const HALF_TURN_FRAMES = 12;

/**
 * The phone's front camera, faked by Chromium with a file: the sample face looking one way for
 * 0.4 s, then turned the other way (its mirror image) for 0.4 s, over and over. The selfie step
 * samples frames for 2.4 s while the player turns, so it always sees both.
 */
async function writeFakeCamera(): Promise<string> {
  const [straight, turned] = await material.selfieFrames('3.0');
  const frame = (b: Buffer) => sharp(b).resize({ width: 640, height: 800, fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
  const [a, b] = [await frame(straight), await frame(turned)];
  mkdirSync(resolve(__dirname, '../../.data'), { recursive: true });
  writeFileSync(FAKE_CAMERA, Buffer.concat([...Array(HALF_TURN_FRAMES).fill(a), ...Array(HALF_TURN_FRAMES).fill(b)]));
  return FAKE_CAMERA;
}

/** Playwright's test with Chromium's fake camera playing the sample face (the ID screen's selfie). */
export const test = base.extend<object, { fakeCamera: string }>({
  fakeCamera: [async ({}, use) => use(await writeFakeCamera()), { scope: 'worker' }],
  launchOptions: [
    async ({ launchOptions, fakeCamera }, use) =>
      use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${fakeCamera}`],
      }),
    { scope: 'worker' },
  ],
});

let serial = 0;
/** A New York licence for this person, with a number no other test uses; `face` matches the fake camera's by default. */
export function licenceFor(p: { firstName: string; lastName: string; dateOfBirth: string }, face = '3.0'): material.MaterialPerson {
  serial += 1;
  return { ...p, stateName: 'NEW YORK', jurisdiction: 'NY', number: `${(Date.now() % 1e8) + serial}`.padStart(9, '0'), expiry: '2031-06-15', face };
}
