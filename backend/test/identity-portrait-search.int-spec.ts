import 'reflect-metadata';
import sharp from 'sharp';
import { VisionEngine } from '../src/verification/vision/vision-engine';
import { portraitFace } from '../src/verification/vision/face-rules';
import * as material from './support/id-material.cjs';

/** A 1000×640 card with nothing printed on it but a 200×250 portrait at `left`, 200 px from the top. */
async function cardWithPortraitAt(left: number): Promise<Buffer> {
  const portrait = await material.portrait('3.0', 200, 250);
  return sharp({ create: { width: 1000, height: 640, channels: 3, background: { r: 236, g: 232, b: 220 } } })
    .composite([{ input: portrait, left, top: 200 }])
    .jpeg()
    .toBuffer();
}

/** Whether every point of `points` lies inside the rectangle from (x0, y0) to (x1, y1). */
const inside = (points: [number, number][], x0: number, y0: number, x1: number, y1: number) => points.every(([x, y]) => x >= x0 && x <= x1 && y >= y0 && y <= y1);

// The real models in their worker threads, as the ID check runs them (docs/identity-rules.md#speed).
describe("a document's face search: its portrait side only, in the whole photo's coordinates", () => {
  const vision = new VisionEngine();
  beforeAll(() => vision.warm(), 60_000);
  afterAll(() => vision.onApplicationShutdown());

  it("finds the portrait where the card prints it, with its landmarks, in the photo's coordinates", async () => {
    const { width, faces } = await vision.faces(await cardWithPortraitAt(60), 'document');
    expect(width).toBe(1000);
    const portrait = portraitFace(faces, width);
    expect(portrait).not.toBeNull();
    const [x, y, w, h] = portrait!.box;
    expect(
      inside(
        [
          [x, y],
          [x + w, y + h],
        ],
        60,
        200,
        260,
        450,
      ),
    ).toBe(true);
    expect(inside(portrait!.landmarks, 60, 200, 260, 450)).toBe(true);
  }, 60_000);

  it('does not look at the right of the card, where a face is never the portrait', async () => {
    // The same portrait printed at the right (where some cards print a small ghost copy of it).
    expect((await vision.faces(await cardWithPortraitAt(780), 'document')).faces).toEqual([]);
  }, 60_000);

  it("finds a licence front's portrait as the check does", async () => {
    const front = await material.licenceFront({
      firstName: 'Marcus',
      lastName: 'Johnson',
      dateOfBirth: '1999-06-15',
      stateName: 'CALIFORNIA',
      number: 'D1000001',
      expiry: '2031-06-15',
      face: '3.0',
    });
    const { width, faces } = await vision.faces(front, 'document');
    const portrait = portraitFace(faces, width);
    expect(portrait).not.toBeNull();
    // id-material.cjs prints the portrait at 40, 110, 260×320.
    const [x, y, w, h] = portrait!.box;
    expect(
      inside(
        [
          [x, y],
          [x + w, y + h],
        ],
        40,
        110,
        300,
        430,
      ),
    ).toBe(true);
  }, 60_000);
});
