import sharp from 'sharp';
import { flatBlockShare, looksComputerMade, RENDERED_FLAT_SHARE } from './rendered-card';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const material = require('../../../test/support/id-material.cjs') as typeof import('../../../test/support/id-material.cjs');

const LICENCE = { firstName: 'Marcus', lastName: 'Johnson', dateOfBirth: '1999-06-15', stateName: 'CALIFORNIA', number: 'D1000001', expiry: '2031-06-15', face: '3.0' };

/** The card as a phone takes it: a sensor's noise (seeded), uneven light, a slight tilt on a table, re-encoded. */
async function photographed(card: Buffer): Promise<Buffer> {
  const tilted = await sharp(card).rotate(1.5, { background: '#6a625a' }).resize({ width: 1000 }).png().toBuffer();
  const { data, info } = await sharp(tilted).raw().toBuffer({ resolveWithObject: true });
  let s = 12345;
  for (let i = 0; i < data.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const light = 0.92 + (0.08 * ((i / info.channels) % info.width)) / info.width; // brighter towards one side
    data[i] = Math.max(0, Math.min(255, Math.round(data[i] * light + ((s >>> 16) / 65536 - 0.5) * 8)));
  }
  const noisy = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .png()
    .toBuffer();
  return sharp(noisy).jpeg({ quality: 90 }).toBuffer();
}

describe('a computer-made card', () => {
  it('is told from a photo of the same card by its exactly flat blocks', async () => {
    const card = await material.licenceFront(LICENCE);
    const made = await flatBlockShare(card);
    const photo = await flatBlockShare(await photographed(card));
    expect(made).toBeGreaterThan(RENDERED_FLAT_SHARE * 2);
    expect(photo).toBeLessThan(RENDERED_FLAT_SHARE / 4);
    expect(await looksComputerMade(card)).toBe(true);
    expect(await looksComputerMade(await photographed(card))).toBe(false);
  }, 30_000);

  it('does not count clipped black or white as flat', async () => {
    const black = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const white = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const grey = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#8a8580' } })
      .jpeg()
      .toBuffer();
    expect(await flatBlockShare(black)).toBe(0);
    expect(await flatBlockShare(white)).toBe(0);
    expect(await flatBlockShare(grey)).toBe(1);
  });
});
