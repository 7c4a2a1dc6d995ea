import fc from 'fast-check';
import { request as httpRequest, Agent } from 'node:http';

/**
 * Hostile requests built from the OpenAPI document: for one operation, a plausible request (every
 * field given a sensible value, ids of real rows) with one place replaced by a hostile value.
 * Values travel as raw text (JSON fragments, URL-encoded path and query text), so a fuzzed
 * request can hold what a client library would never send: `1e999`, lone surrogates, NUL bytes,
 * JSON nested 5,000 deep.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  format?: string;
};
export type OpenApi = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
export interface Operation {
  operationId: string;
  parameters?: { name: string; in: 'path' | 'query'; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: Record<string, unknown>[];
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What was fuzzed, for the failure message. */
  where: string;
}

/** Raw JSON text that a JSON encoder would never produce, or hostile values it would. */
const RAW_JSON: string[] = [
  '1e999',
  '-1e999',
  '2147483648',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  '-0',
  '1e-400',
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  '"x\\udfff"',
  '"\\udc00\\ud800"',
  '"NaN"',
  '"Infinity"',
  '"-1"',
  '"1.5"',
  '"99999999999"',
  '"0x10"',
  '"1e3"',
  'null',
  'true',
  'false',
  '[]',
  '{}',
  '[1,2]',
  '["a"]',
  '[null]',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"constructor":true}',
  '{"toString":1}',
  '{"hasOwnProperty":true}',
  '{"valueOf":{}}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
  JSON.stringify('x'.repeat(100_000)),
  JSON.stringify('\u202e\u200b'),
  JSON.stringify("' OR 1=1 --"),
  JSON.stringify('../../etc/passwd'),
  JSON.stringify('😀'.repeat(300)),
];

/** Raw text after `name=` in a query, or as a whole path segment. */
const RAW_URL: string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%80',
  '%FF',
  '%',
  '%zz',
  '2147483648',
  '99999999999',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '0x10',
  '1e3',
  '%2e%2e',
  '..%2f..%2fetc',
  'x'.repeat(5000),
  "'%20OR%201%3D1",
  '%F0%9F%98%80',
  'unread_messages',
  '%E2%80%AE',
  '[]',
  '%5B%5D',
  'true',
  '',
];

const rawJson = fc.oneof(
  fc.constantFrom(...RAW_JSON),
  fc.string({ unit: 'binary', maxLength: 12 }).map((s) => JSON.stringify(s)),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
);
const rawUrl = fc.oneof(
  fc.constantFrom(...RAW_URL),
  fc.string({ unit: 'binary', maxLength: 12 }).map((s) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return '%ED%B0%80'; // a lone surrogate cannot be URI-encoded; send its (invalid) UTF-8 bytes
    }
  }),
);

/** Sensible values by field name, so a request gets past the first checks to the deeper code. */
export type Plausible = Record<string, unknown>;

function resolve(schema: Schema, doc: OpenApi): Schema {
  return schema.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop()!], doc) : schema;
}

function plausibleValue(name: string, schema: Schema, doc: OpenApi, known: Plausible): unknown {
  if (name in known) return known[name];
  const s = resolve(schema, doc);
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  if (s.anyOf) return plausibleValue(name, s.anyOf[0], doc, known);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausibleValue(k, v, doc, known)]));
  return 'abc';
}

/** One place of a request to fuzz: a path or query parameter, a body field, or the whole body. */
type Target = { kind: 'path' | 'query'; name: string } | { kind: 'field'; name: string } | { kind: 'extra-field' } | { kind: 'body' };

function targetsOf(op: Operation, bodySchema: Schema | undefined, doc: OpenApi): Target[] {
  const targets: Target[] = (op.parameters ?? []).map((p) => ({ kind: p.in, name: p.name }));
  if (bodySchema) {
    targets.push({ kind: 'body' }, { kind: 'extra-field' });
    for (const name of Object.keys(resolve(bodySchema, doc).properties ?? {})) targets.push({ kind: 'field', name });
  } else targets.push({ kind: 'body' }); // a body where none is expected
  return targets;
}

const MULTIPART_BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW';

function multipart(fields: [string, string][], file?: { name: string; bytes: Buffer }): Buffer {
  const parts: Buffer[] = fields.map(([k, v]) => Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`, 'utf8'));
  if (file)
    parts.push(
      Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** JSON text of a multipart text field's raw JSON fragment: strings as their text, the rest as written. */
function fieldText(raw: string): string {
  try {
    const v = JSON.parse(raw);
    return typeof v === 'string' ? v : raw;
  } catch {
    return raw;
  }
}

/** The raw choices one fuzzed request is made of; `build` turns them into the request. */
export interface FuzzChoice {
  target: Target;
  json: string;
  url: string;
  auth: 'none' | 'live' | 'junk';
  /** For a multipart call: send its fields as JSON instead (update-user takes both). */
  asJson: boolean;
}

/** One representative of each kind of hostile value, tried on every place of every call before the random runs. */
const REPRESENTATIVE_JSON = [
  '"a\\u0000b"',
  '"\\ud800"',
  '2147483648',
  '1e999',
  '-1',
  '1.5',
  '"NaN"',
  '"99999999999"',
  'null',
  '[]',
  '{}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":true}',
  '{"hasOwnProperty":true}',
  JSON.stringify('x'.repeat(100_000)),
];
const REPRESENTATIVE_URL = ['a%00b', '%ED%A0%80', '2147483648', '99999999999', '-1', '1.5', 'NaN', '0x10', 'x'.repeat(5000), '%'];

/**
 * The fuzzing of one operation: its places (path and query parameters, body fields, an extra
 * field, the whole body), random choices over them, and a systematic sweep of every place with
 * every representative value as fast-check `examples` (so every field gets every kind at least once).
 */
export function fuzzOperation(path: string, method: string, op: Operation, doc: OpenApi, known: Plausible) {
  const content = op.requestBody?.content ?? {};
  const [contentType, media] = Object.entries(content)[0] ?? [];
  const bodySchema = media?.schema;
  const targets = targetsOf(op, bodySchema, doc);
  const auth = op.security?.some((s) => 'bearer' in s) ? ('live' as const) : ('none' as const);
  const choices: fc.Arbitrary<FuzzChoice> = fc.record({
    target: fc.constantFrom(...targets),
    json: rawJson,
    url: rawUrl,
    auth: fc.constantFrom('none' as const, 'live' as const, 'junk' as const),
    asJson: fc.boolean(),
  });
  const examples: [FuzzChoice][] = targets.flatMap((target) =>
    target.kind === 'path' || target.kind === 'query'
      ? REPRESENTATIVE_URL.map((url) => [{ target, json: 'null', url, auth, asJson: false }] as [FuzzChoice])
      : REPRESENTATIVE_JSON.map((json) => [{ target, json, url: '', auth, asJson: false }] as [FuzzChoice]),
  );
  return { choices, examples, build: (choice: FuzzChoice, token: string) => buildRequest(path, method, op, doc, known, contentType, bodySchema, choice, token) };
}

function buildRequest(
  path: string,
  method: string,
  op: Operation,
  doc: OpenApi,
  known: Plausible,
  contentType: string | undefined,
  bodySchema: Schema | undefined,
  choice: FuzzChoice,
  token: string,
): FuzzRequest {
  const { target, json, url, auth, asJson } = choice;
  let p = path;
  for (const param of (op.parameters ?? []).filter((x) => x.in === 'path')) {
    const value = target.kind === 'path' && target.name === param.name ? url : encodeURIComponent(String(plausibleValue(param.name, param.schema, doc, known)));
    p = p.replace(`{${param.name}}`, value);
  }
  const query = (op.parameters ?? [])
    .filter((x) => x.in === 'query')
    .map(
      (param) => `${param.name}=${target.kind === 'query' && target.name === param.name ? url : encodeURIComponent(String(plausibleValue(param.name, param.schema, doc, known)))}`,
    );
  if (target.kind === 'query') query.push(`${target.name}=${url}`); // the same name twice: an array
  const headers: Record<string, string> = {};
  if (auth === 'live') headers.authorization = `Bearer ${token}`;
  if (auth === 'junk') headers.authorization = `Bearer ${decodeURIComponentSafe(url)}`.replace(/[^\t\x20-\x7e]/g, '');
  let body: Buffer | undefined;
  let where = `${target.kind}${'name' in target ? ` ${target.name}` : ''} = ${short(target.kind === 'path' || target.kind === 'query' ? url : json)}`;
  const base = bodySchema ? (plausibleValue('', bodySchema, doc, known) as Record<string, unknown>) : {};
  if (contentType === 'multipart/form-data' && !asJson && target.kind !== 'body') {
    const props = resolve(bodySchema!, doc).properties ?? {};
    const fields: [string, string][] = [];
    let file: { name: string; bytes: Buffer } | undefined;
    for (const [k, v] of Object.entries(base)) {
      const isFile = resolve(props[k], doc).format === 'binary';
      const text = target.kind === 'field' && target.name === k ? fieldText(json) : typeof v === 'string' ? v : JSON.stringify(v);
      if (isFile) file = { name: k, bytes: Buffer.from(text) };
      else fields.push([k, text]);
    }
    if (target.kind === 'extra-field') fields.push(['constructor', fieldText(json)]);
    headers['content-type'] = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;
    body = multipart(fields, file);
  } else if (bodySchema || target.kind === 'body') {
    let text: string;
    if (target.kind === 'body') text = json;
    else {
      const marker = '"__fuzz_marker__"';
      const shaped: Record<string, unknown> = { ...base };
      if (target.kind === 'field') shaped[target.name] = '__fuzz_marker__';
      else shaped[['__proto__', 'constructor', 'toString', 'isAdmin'][json.length % 4]] = '__fuzz_marker__';
      text = JSON.stringify(shaped).replace(marker, json);
    }
    headers['content-type'] = 'application/json';
    body = Buffer.from(text, 'utf8');
    where = `${where} in ${short(text)}`;
  }
  return { method: method.toUpperCase(), path: query.length ? `${p}?${query.join('&')}` : p, headers, body, where };
}

/** Long values shown by their start and their length, so a failure message stays readable. */
export function short(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** Sends the request byte for byte as built (Node's http client, no URL normalisation). */
export function send(baseUrl: string, r: FuzzRequest): Promise<{ status: number; body: string }> {
  const u = new URL(baseUrl);
  return new Promise((ok, fail) => {
    const req = httpRequest(
      { host: u.hostname, port: u.port, method: r.method, path: r.path, agent, headers: { ...r.headers, ...(r.body ? { 'content-length': String(r.body.length) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => ok({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(r.body);
  });
}

export function closeFuzzAgent(): void {
  agent.destroy();
}
