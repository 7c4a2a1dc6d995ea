import sharp from 'sharp';

/**
 * One sign that a document photo was made by a computer rather than taken of a printed card
 * (docs/identity-rules.md#a-computer-made-card): the share of its 8×8 blocks whose brightness is
 * exactly flat. A card drawn in software and saved as a JPEG has large areas of one colour, which
 * the encoder keeps as blocks with no detail at all; a camera's sensor noise, uneven light and the
 * card's print leave almost none. Clipped blocks (pure black or blown-out white) are not counted:
 * a real photo has those too.
 */
export const FLAT_BLOCK = 8;
/** Brightness levels a flat block may span (JPEG rounding). */
const FLAT_SPAN = 1;
/** Blocks darker or brighter than this are clipped, not flat. */
const CLIPPED = 8;
/**
 * **Decided:** above this share of flat blocks a photo counts as computer-made. Generated cards
 * (backend/test/support/id-material.cjs) show well over half; the same cards with a camera's
 * noise and a slight tilt show almost none.
 */
export const RENDERED_FLAT_SHARE = 0.2;

/** The share (0..1) of the photo's unclipped 8×8 blocks whose brightness is flat. */
export async function flatBlockShare(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).rotate().greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let flat = 0;
  let counted = 0;
  for (let by = 0; by + FLAT_BLOCK <= height; by += FLAT_BLOCK) {
    for (let bx = 0; bx + FLAT_BLOCK <= width; bx += FLAT_BLOCK) {
      let min = 255;
      let max = 0;
      let sum = 0;
      for (let y = by; y < by + FLAT_BLOCK; y++) {
        for (let x = bx; x < bx + FLAT_BLOCK; x++) {
          const v = data[y * width + x];
          if (v < min) min = v;
          if (v > max) max = v;
          sum += v;
        }
      }
      const mean = sum / (FLAT_BLOCK * FLAT_BLOCK);
      if (mean < CLIPPED || mean > 255 - CLIPPED) continue;
      counted++;
      if (max - min <= FLAT_SPAN) flat++;
    }
  }
  return counted ? flat / counted : 0;
}

/** Whether the photo looks computer-made (see flatBlockShare). */
export async function looksComputerMade(image: Buffer): Promise<boolean> {
  return (await flatBlockShare(image)) > RENDERED_FLAT_SHARE;
}
