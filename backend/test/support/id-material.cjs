// Generated identity material for the ID check's tests, benchmark and end-to-end run: licence
// fronts rendered from SVG with a portrait, licence backs carrying a real PDF417 barcode (bwip-js)
// with AAMVA data, passport photo pages with a machine-readable zone (valid or with a broken check
// digit), and selfies. Every face comes from the sample photos that ship inside the face model's
// package (@vladmandic/face-api/demo), so nothing here is downloaded or committed as a binary.
//
// CommonJS on purpose: jest (CommonJS), Playwright and the plain-node benchmark all load it as is.
// Types: id-material.d.cts.
'use strict';
const { dirname, join } = require('node:path');
const sharp = require('sharp');
const bwipjs = require('bwip-js');

const SAMPLES = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/**
 * The faces in the sample photos: sample number, then the box (left, top, width, height) at the
 * photos' full size. Found once and written down, so the material never depends on the model it tests.
 */
const FACES = {
  '1.0': [1, 414, 354, 177, 239],
  1.1: [1, 837, 419, 187, 228],
  1.2: [1, 1476, 199, 202, 240],
  '2.0': [2, 1446, 152, 194, 244],
  2.1: [2, 899, 219, 155, 233],
  2.2: [2, 361, 126, 153, 260],
  '3.0': [3, 585, 327, 200, 273],
  3.1: [3, 1514, 290, 170, 282],
  3.2: [3, 1074, 215, 222, 300],
  '4.0': [4, 665, 51, 186, 260],
  4.1: [4, 256, 183, 163, 247],
  4.2: [4, 988, 178, 170, 227],
  4.3: [4, 1278, 138, 145, 251],
  '5.0': [5, 786, 110, 156, 211],
  5.1: [5, 1112, 197, 159, 239],
  5.2: [5, 1407, 389, 165, 270],
  5.3: [5, 597, 415, 166, 249],
  5.4: [5, 377, 860, 172, 301],
  '6.0': [6, 680, 321, 159, 307],
  6.1: [6, 1179, 304, 189, 282],
  6.2: [6, 1487, 261, 211, 298],
  6.3: [6, 249, 468, 210, 291],
};
const FACE_IDS = Object.keys(FACES);

const escape = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A region around face `id`, `margin` face-sizes wide on each side, clamped to the photo. The other
 * people of the group photo are painted over, so every picture shows one person.
 */
async function faceRegion(id, margin) {
  const [n, x, y, w, h] = FACES[id];
  const file = join(SAMPLES, `sample${n}.jpg`);
  const { width, height } = await sharp(file).metadata();
  const size = Math.max(w, h);
  const left = Math.max(0, Math.round(x + w / 2 - size * (0.5 + margin)));
  const top = Math.max(0, Math.round(y + h / 2 - size * (0.55 + margin)));
  const region = { left, top, width: Math.min(Math.round(size * (1 + 2 * margin)), width - left), height: Math.min(Math.round(size * (1.15 + 2 * margin)), height - top) };
  const others = Object.entries(FACES)
    .filter(([other, [m]]) => other !== id && m === n)
    .map(([, [, ox, oy, ow, oh]]) => ({
      left: Math.round(ox - ow * 0.15 - left),
      top: Math.round(oy - oh * 0.15 - top),
      width: Math.round(ow * 1.3),
      height: Math.round(oh * 1.3),
    }))
    .map((r) => {
      const l = Math.max(0, r.left);
      const t = Math.max(0, r.top);
      return { left: l, top: t, width: Math.min(r.left + r.width, region.width) - l, height: Math.min(r.top + r.height, region.height) - t };
    })
    .filter((r) => r.width > 0 && r.height > 0);
  const crop = await sharp(file).extract(region).toBuffer();
  const patches = others.map((r) => ({ input: { create: { width: r.width, height: r.height, channels: 3, background: { r: 70, g: 66, b: 62 } } }, left: r.left, top: r.top }));
  return sharp(await sharp(crop).composite(patches).jpeg({ quality: 95 }).toBuffer());
}

/** The portrait printed on a document: head and shoulders, `width`×`height`. */
async function portrait(id, width = 260, height = 320) {
  return (await faceRegion(id, 0.5)).resize({ width, height, fit: 'cover' }).jpeg({ quality: 88 }).toBuffer();
}

/**
 * Two selfie frames of face `id` as the page's camera takes them: the first as the player looks
 * into the camera, the second after the head turn (the same face mirrored, so the nose moves to the
 * other side of the face, which a flat picture held to the camera cannot do).
 */
async function selfieFrames(id, { turn = true } = {}) {
  const frame = await (await faceRegion(id, 0.9)).resize({ width: 640 }).modulate({ brightness: 1.08 }).jpeg({ quality: 88 }).toBuffer();
  const second = turn ? await sharp(frame).flop().jpeg({ quality: 88 }).toBuffer() : await sharp(frame).modulate({ brightness: 0.95 }).jpeg({ quality: 86 }).toBuffer();
  return [frame, second];
}

/** Photos of a document held up to the selfie camera: the same flat card, moved and tilted a little between frames. */
async function photosOfDocument(document) {
  const card = await sharp(document).resize({ width: 560 }).toBuffer();
  const table = (left, top) => sharp({ create: { width: 720, height: 900, channels: 3, background: { r: 90, g: 84, b: 78 } } }).composite([{ input: card, left, top }]);
  const first = await table(80, 240).jpeg({ quality: 88 }).toBuffer();
  const moved = await table(110, 300).jpeg({ quality: 88 }).toBuffer();
  return [first, await sharp(moved).rotate(4, { background: '#5a544e' }).resize({ width: 720 }).jpeg({ quality: 88 }).toBuffer()];
}

const pad = (n, w = 2) => String(n).padStart(w, '0');
const isoParts = (iso) => iso.split('-').map(Number);
const usDate = (iso) => {
  const [y, m, d] = isoParts(iso);
  return `${pad(m)}/${pad(d)}/${y}`;
};

/** A card with the portrait on the left and one text line per field, as phones photograph IDs. */
async function card({ width, height, header, lines, face, headerColor = '#2b4c7e', fontSize = 34, mono }) {
  const rows = lines
    .map((line, i) => `<text x="330" y="${150 + i * (fontSize + 20)}" font-family="DejaVu Sans" font-size="${fontSize}" fill="#111">${escape(line)}</text>`)
    .join('');
  const monoRows = (mono ?? [])
    .map((line, i) => `<text x="50" y="${height - 100 + i * 56}" font-family="DejaVu Sans Mono" font-weight="bold" font-size="34" fill="#111">${escape(line)}</text>`)
    .join('');
  // The card lies on a light table, as players photograph it (no black corners for OCR to read as text).
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#ddd8cf"/><rect width="100%" height="100%" rx="24" fill="#eef3fb"/><rect width="100%" height="76" fill="${headerColor}"/>
    <text x="40" y="54" font-family="DejaVu Sans" font-size="40" font-weight="bold" fill="#fff">${escape(header)}</text>${rows}${monoRows}</svg>`;
  const layers = face ? [{ input: await portrait(face, 260, 320), left: 40, top: 110 }] : [];
  return sharp(Buffer.from(svg)).composite(layers).jpeg({ quality: 90 }).toBuffer();
}

/**
 * The front of a US driver's licence. `person`: firstName, lastName, dateOfBirth (YYYY-MM-DD),
 * stateName ('CALIFORNIA'), number, expiry (YYYY-MM-DD), face (a FACES id or null for no portrait).
 */
function licenceFront(person) {
  return card({
    width: 1000,
    height: 640,
    header: `${person.stateName} DRIVER LICENSE`,
    face: person.face,
    lines: [
      `DL ${person.number}`,
      `EXP ${usDate(person.expiry)}`,
      `LN ${person.lastName.toUpperCase()}`,
      `FN ${person.firstName.toUpperCase()}`,
      `DOB ${usDate(person.dateOfBirth)}`,
      'CLASS C',
    ],
  });
}

/** AAMVA dates: MMDDCCYY in the US, CCYYMMDD in Canada. */
const aamvaDate = (iso, country) => {
  const [y, m, d] = isoParts(iso);
  return country === 'CAN' ? `${y}${pad(m)}${pad(d)}` : `${pad(m)}${pad(d)}${y}`;
};

/** The text of an AAMVA (CDS 2016, version 10) licence barcode for `person` (as licenceFront, plus jurisdiction 'CA', country 'USA' | 'CAN', iin). */
function aamvaText(person) {
  const country = person.country ?? 'USA';
  const elements = [
    `DAQ${person.number}`,
    `DCS${person.lastName.toUpperCase()}`,
    `DAC${person.firstName.toUpperCase()}`,
    'DADNONE',
    `DBD${aamvaDate(person.issued ?? '2023-01-10', country)}`,
    `DBB${aamvaDate(person.dateOfBirth, country)}`,
    `DBA${aamvaDate(person.expiry, country)}`,
    'DBC1',
    'DAU070 IN',
    'DAYBRO',
    'DAG12 MAIN ST',
    'DAIFRESNO',
    `DAJ${person.jurisdiction}`,
    'DAK936500000',
    `DCF${person.number}0101`,
    `DCG${country}`,
    'DDEN',
    'DDFN',
    'DDGN',
  ];
  const subfile = `DL${elements.join('\n')}\r`;
  const header = `@\n\x1e\rANSI ${person.iin ?? '636014'}100001`;
  const offset = header.length + 10;
  return `${header}DL${pad(offset, 4)}${pad(subfile.length, 4)}${subfile}`;
}

/** The back of a licence: the PDF417 barcode (from `text`, e.g. aamvaText) across the card. */
async function licenceBack(text) {
  const barcode = await bwipjs.toBuffer({ bcid: 'pdf417', text, columns: 12, scale: 3, rowmult: 3, eclevel: 5, backgroundcolor: 'FFFFFF', padding: 12 });
  const code = await sharp(barcode).resize({ width: 900 }).toBuffer();
  const { height } = await sharp(code).metadata();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="640"><rect width="100%" height="100%" rx="24" fill="#f4f4f0"/>
    <text x="50" y="${120 + height + 70}" font-family="DejaVu Sans" font-size="26" fill="#333">DONOR  VETERAN  RESTRICTIONS NONE</text></svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: code, left: 50, top: 90 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

// ICAO 9303 check digits: weights 7, 3, 1; digits as themselves, A..Z as 10..35, '<' as 0.
function checkDigit(s) {
  const value = (c) => (c === '<' ? 0 : /[0-9]/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  return String([...s].reduce((sum, c, i) => sum + value(c) * [7, 3, 1][i % 3], 0) % 10);
}
const mrzDate = (iso) => {
  const [y, m, d] = isoParts(iso);
  return `${pad(y % 100)}${pad(m)}${pad(d)}`;
};
const field = (s, n) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '<')
    .padEnd(n, '<')
    .slice(0, n);

/**
 * The two MRZ lines of a passport (TD3). `broken`: 'birthDate' | 'documentNumber' | 'expiry' |
 * 'composite' gives that check digit a wrong value (the other fields stay right).
 */
function passportMrz(p, broken) {
  const bump = (digit, which) => (broken === which ? String((Number(digit) + 1) % 10) : digit);
  const name = (s) => s.toUpperCase().replace(/[^A-Z]+/g, '<');
  const line1 = `P<${p.nationality}${`${name(p.lastName)}<<${name(p.firstName)}`.padEnd(39, '<').slice(0, 39)}`;
  const number = field(p.number, 9);
  const parts = [
    number + bump(checkDigit(number), 'documentNumber'),
    p.nationality,
    mrzDate(p.dateOfBirth) + bump(checkDigit(mrzDate(p.dateOfBirth)), 'birthDate'),
    p.sex ?? 'F',
    mrzDate(p.expiry) + bump(checkDigit(mrzDate(p.expiry)), 'expiry'),
    '<'.repeat(14) + '<',
  ];
  const body = parts.join('');
  const composite = checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [line1, body + bump(composite, 'composite')];
}

/** A passport's photo page: portrait, the visual zone, and the MRZ at the bottom. `p` as passportMrz's, plus face. */
function passportPage(p, broken) {
  return card({
    width: 1000,
    height: 700,
    header: 'PASSPORT',
    headerColor: '#5b2333',
    face: p.face,
    fontSize: 28,
    lines: [
      `Type P   Code ${p.nationality}   No ${p.number}`,
      `Surname ${p.lastName.toUpperCase()}`,
      `Given names ${p.firstName.toUpperCase()}`,
      `Date of birth ${usDate(p.dateOfBirth)}`,
      `Date of expiry ${usDate(p.expiry)}`,
    ],
    mono: passportMrz(p, broken),
  });
}

module.exports = { FACE_IDS, portrait, selfieFrames, photosOfDocument, licenceFront, licenceBack, aamvaText, passportMrz, passportPage, checkDigit };
