// The model work of the ID check, in a worker thread so the worker's event loop (BullMQ locks,
// the other queues) never waits on it (docs/identity-rules.md#speed). Plain JavaScript on
// purpose: Node starts it as it is, from the build or from the sources under test.
//
// Two operations, answered by request id:
// - faces: face detection (SSD MobileNet v1), 68 landmarks and a 128-number descriptor per face,
//   from @vladmandic/face-api with the weights its package ships, on TensorFlow.js's WebAssembly
//   backend (its .wasm files read from node_modules);
// - pdf417: the barcodes of an image, by zxing-wasm with its .wasm file read from node_modules.
// Nothing is fetched: every file comes from an installed package.
'use strict';
const { parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

/** Only detections at least this sure count as a face. */
const MIN_FACE_SCORE = 0.5;
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
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(weights);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(weights);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(weights);
  return { tf, faceapi, options: new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_FACE_SCORE, maxResults: MAX_FACES }) };
}

async function loadBarcodeReader() {
  const zxing = require('zxing-wasm/reader');
  zxing.prepareZXingModule({ overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) }, fireImmediately: true });
  return zxing;
}

let face;
let barcodes;

/** RGB pixels → every face with its box, landmarks and descriptor, largest first. */
async function faces({ pixels, width, height }) {
  face ??= loadFaceModel();
  const { tf, faceapi, options } = await face;
  const input = tf.tensor3d(pixels, [height, width, 3], 'int32');
  try {
    const found = await faceapi.detectAllFaces(input, options).withFaceLandmarks().withFaceDescriptors();
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
  const found = await zxing.readBarcodes({ data: new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.length), width, height, colorSpace: 'srgb' }, { formats: ['PDF417'], tryHarder: true, textMode: 'Plain', maxNumberOfSymbols: 2 });
  return found.filter((b) => b.isValid).map((b) => b.text);
}

const operations = { faces, pdf417, warm: async () => { await (face ??= loadFaceModel()); await (barcodes ??= loadBarcodeReader()); return true; } };

parentPort.on('message', async ({ id, op, input }) => {
  try {
    parentPort.postMessage({ id, result: await operations[op](input) });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
