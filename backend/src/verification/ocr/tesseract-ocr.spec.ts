import sharp from 'sharp';
import { forOcr, stretchContrast } from './tesseract-ocr';

describe('preparing a photo for OCR (docs/identity-rules.md#speed)', () => {
  it('stretches grey levels so the darkest and lightest 1 % of pixels become black and white', () => {
    // A washed-out photo: levels 100 to 199, one pixel each.
    const grey = Uint8Array.from({ length: 100 }, (_, i) => 100 + i);
    stretchContrast(grey);
    // The 1st percentile is level 101, the 99th level 199.
    expect(grey[0]).toBe(0);
    expect(grey[1]).toBe(0);
    expect(grey[50]).toBe(Math.round(((150 - 101) * 255) / (199 - 101)));
    expect(grey[99]).toBe(255);
    expect([...grey].every((v, i) => i === 0 || v >= grey[i - 1])).toBe(true);
  });

  it('leaves a flat image as it is', () => {
    const grey = new Uint8Array(50).fill(180);
    stretchContrast(grey);
    expect([...grey].every((v) => v === 180)).toBe(true);
  });

  it('writes a grey PGM of the asked width at full contrast', async () => {
    const photo = await sharp({ create: { width: 500, height: 320, channels: 3, background: { r: 150, g: 140, b: 130 } } })
      .composite([{ input: { create: { width: 200, height: 40, channels: 3, background: { r: 90, g: 90, b: 90 } } }, left: 100, top: 100 }])
      .jpeg()
      .toBuffer();
    const pgm = await forOcr(sharp(photo).rotate(), 1000);
    expect(pgm.subarray(0, 16).toString()).toBe('P5\n1000 640\n255\n');
    const pixels = pgm.subarray(16);
    expect(pixels).toHaveLength(1000 * 640); // one byte a pixel
    expect(pixels.reduce((a, b) => Math.min(a, b))).toBe(0);
    expect(pixels.reduce((a, b) => Math.max(a, b))).toBe(255);
  });
});
