// The model work of the ID check, in a worker thread so the worker's event loop (BullMQ locks,
// the other queues) never waits on it (docs/identity-rules.md#speed). Plain JavaScript on
// purpose: Node starts it as it is, from the build or from the sources under test.
//
// Two operations, answered by request id:
// - faces: face detection (the Tiny Face Detector, sized for the kind of photo), 68 landmarks and a
//   128-number descriptor per face, from @vladmandic/face-api with the weights its package ships,
//   on TensorFlow.js's WebAssembly backend (its .wasm files read from node_modules);
// - pdf417: the barcodes of an image, by zxing-wasm with its .wasm file read from node_modules.
// Nothing is fetched: every file comes from an installed package.
'use strict';
const { parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

/**
 * The face detector for each kind of photo (docs/identity-rules.md#speed): the Tiny Face Detector,
 * a tenth of SSD MobileNet v1's detection CPU on a selfie and a third on a document, at the input
 * sizes where that kind's faces are found.
 * Its anchors reach about 2/3 of its input, so a selfie's large face is looked for at 224 first; a
 * document's portrait, a fifth of the card, at 512 first, with a lower score (a printed portrait is
 * small and flat, and the tiny detector scores faces lower than SSD did). When a size finds no face,
 * the next is tried: only a miss pays for it. These are the sizes and scores the match rates in
 * docs/identity-rules.md were measured with (bench/face-match.bench.mjs), as sizes for the whole
 * photo: a document's portrait side alone is searched at the same scale (detectorAt).
 */
const DETECTORS = {
  document: [
    { inputSize: 512, scoreThreshold: 0.3 },
    { inputSize: 416, scoreThreshold: 0.3 },
  ],
  selfie: [
    { inputSize: 224, scoreThreshold: 0.5 },
    { inputSize: 416, scoreThreshold: 0.5 },
  ],
};
/** Landmarks and descriptors are computed for at most this many faces of a photo, the largest. */
const MAX_FACES = 5;

function quietly(load) {
  // TensorFlow.js greets Node users on the console with advice to install tfjs-node; keep logs clean.
  const { warn, log } = console;
  console.warn = () => undefined;
  console.log = () => undefined;
  try {
    return load();
  } finally {
    console.warn = warn;
    console.log = log;
  }
}

async function loadFaceModel() {
  const tf = quietly(() => require('@tensorflow/tfjs'));
  const wasm = require('@tensorflow/tfjs-backend-wasm');
  const faceapi = quietly(() => require('@vladmandic/face-api/dist/face-api.node-wasm.js'));
  wasm.setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`);
  await tf.setBackend('wasm');
  await tf.ready();
  const weights = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.tinyFaceDetector.loadFromDisk(weights);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(weights);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(weights);
  const detectors = Object.fromEntries(Object.entries(DETECTORS).map(([kind, sizes]) => [kind, sizes.map((o) => new faceapi.TinyFaceDetectorOptions(o))]));
  return { tf, faceapi, detectors };
}

async function loadBarcodeReader() {
  const zxing = require('zxing-wasm/reader');
  zxing.prepareZXingModule({ overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) }, fireImmediately: true });
  return zxing;
}

let face;
let barcodes;

/**
 * The detector's options for one of DETECTORS' sizes, when only part of the photo is searched:
 * `scale` is the searched part's longer side over the whole photo's. The detector pads its input to
 * a square of the longer side and resizes that to `inputSize`, so an input size shrunk by the same
 * scale (rounded up to the multiple of 32 it needs) shows a face at the pixel size it had in the
 * whole photo, the size the match rates were measured at, for less work.
 */
function detectorAt(options, scale, faceapi) {
  if (scale >= 1) return options;
  const inputSize = Math.ceil((options.inputSize * scale) / 32) * 32;
  return new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: options.scoreThreshold });
}

/** The left `searchWidth` columns of the RGB `pixels` of a photo `width` wide: the start of every row. */
function leftColumns(pixels, width, height, searchWidth) {
  if (searchWidth >= width) return pixels;
  const left = new Uint8Array(searchWidth * height * 3);
  for (let y = 0; y < height; y += 1) left.set(pixels.subarray(y * width * 3, (y * width + searchWidth) * 3), y * searchWidth * 3);
  return left;
}

/**
 * RGB pixels of a `kind` of photo (document or selfie) → every face with its box, landmarks and
 * descriptor, largest first. Only the left `searchWidth` columns are searched (a document's
 * portrait side: portrait-area.ts's PORTRAIT_SEARCH_AREA); boxes and landmarks keep the whole
 * photo's coordinates, whose origin that part shares.
 */
async function faces({ pixels, width, height, kind, searchWidth = width }) {
  face ??= loadFaceModel();
  const { tf, faceapi, detectors } = await face;
  if (!detectors[kind]) throw new Error(`no face detector for ${kind} photos`);
  // Cut here, row by row (a millisecond), not with tf.slice on the whole photo's tensor (~45 ms on the WebAssembly backend).
  const input = tf.tensor3d(leftColumns(pixels, width, height, searchWidth), [height, searchWidth, 3], 'int32');
  const scale = Math.max(searchWidth, height) / Math.max(width, height);
  try {
    let detections = [];
    // Detection alone first: a size that finds nothing costs no landmark or descriptor work.
    for (const options of detectors[kind]) {
      detections = await faceapi.detectAllFaces(input, detectorAt(options, scale, faceapi));
      if (detections.length) break;
    }
    const largest = detections
      .sort((a, b) => b.box.area - a.box.area)
      .slice(0, MAX_FACES)
      .map((d) => faceapi.extendWithFaceDetection({}, d));
    // face-api's own landmark and descriptor steps, as its detectAllFaces(...).withFaceLandmarks().withFaceDescriptors() runs them,
    // on the input the boxes were found in (it maps a box to its input's size).
    const found = await new faceapi.DetectAllFaceLandmarksTask(Promise.resolve(largest), input, false).withFaceDescriptors();
    return found
      .map((f) => ({
        score: f.detection.score,
        box: [f.detection.box.x, f.detection.box.y, f.detection.box.width, f.detection.box.height],
        landmarks: f.landmarks.positions.map((p) => [p.x, p.y]),
        descriptor: Array.from(f.descriptor),
      }))
      .sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
  } finally {
    input.dispose();
  }
}

/** RGBA pixels → the text of every PDF417 barcode found. */
async function pdf417({ pixels, width, height }) {
  barcodes ??= loadBarcodeReader();
  const zxing = await barcodes;
  const found = await zxing.readBarcodes(
    { data: new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.length), width, height, colorSpace: 'srgb' },
    { formats: ['PDF417'], tryHarder: true, textMode: 'Plain', maxNumberOfSymbols: 2 },
  );
  return found.filter((b) => b.isValid).map((b) => b.text);
}

const operations = {
  faces,
  pdf417,
  warm: async () => {
    await (face ??= loadFaceModel());
    await (barcodes ??= loadBarcodeReader());
    return true;
  },
};

parentPort.on('message', async ({ id, op, input }) => {
  try {
    parentPort.postMessage({ id, result: await operations[op](input) });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
