/**
 * Where a document's portrait is (docs/identity-rules.md#selfie-match-and-liveness): on the left of
 * both card layouts (AAMVA and ICAO). As shares of the photo's width, from its left edge.
 *
 * PORTRAIT_AREA: the portrait's face must start here (face-rules.ts's portraitFace).
 *
 * PORTRAIT_SEARCH_AREA: how much of a document photo the face detector looks at (VisionEngine): the
 * portrait area and room for a face that starts at its edge and is up to 15 % of the photo wide (a
 * card's portrait, face and shoulders, is about a quarter of the card, in its left third). The
 * right of the card holds text and, on some cards, a small ghost copy of the portrait, which the
 * rule never picks; not looking there saves the detector about half of its work
 * (docs/identity-rules.md#speed).
 */
export const PORTRAIT_AREA = 0.6;
export const PORTRAIT_SEARCH_AREA = 0.75;
