import { connect } from 'node:net';
import { MSG, ROUTES } from '@gotnext/shared';
import { useTestApp } from './support/harness';

interface RawAnswer {
  /** Everything the server sent, as read by the client. */
  text: string;
  /** A socket error the client met (a reset) before or while reading. */
  error?: string;
}

/**
 * A real socket sending a 2 MB JSON body at a phone's pace and reading the answer only once it has
 * sent everything, as most HTTP clients do.
 */
function sendBigBody(url: string, path: string, chunked: boolean): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  const body = Buffer.from(JSON.stringify({ identifier: 'x'.repeat(2 * 1024 * 1024), password: 'y' }));
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let error: string | undefined;
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), error }));
    socket.pause();
    const send = async () => {
      const length = chunked ? 'transfer-encoding: chunked' : `content-length: ${body.length}`;
      const write = (b: Buffer | string) => new Promise<boolean>((ok) => socket.write(b, (e) => (e ? (socket.resume(), ok(false)) : ok(true))));
      if (!(await write(`POST ${path} HTTP/1.1\r\nhost: gotnext.test\r\ncontent-type: application/json\r\n${length}\r\n\r\n`))) return;
      for (let at = 0; at < body.length; at += 64 * 1024) {
        const part = body.subarray(at, at + 64 * 1024);
        if (!(await write(chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]) : part))) return;
        // A phone's upload: still sending when the server has decided.
        await new Promise((r) => setTimeout(r, 5));
      }
      if (chunked) await write('0\r\n\r\n');
      socket.resume();
      // The whole request is sent; the answer decides whether the connection stays.
      socket.end();
    };
    socket.on('connect', () => void send());
  });
}

/**
 * A body over the 1 MB limit is read to its end (up to a cap) before the 413 leaves, so the client,
 * still sending when the server decided, reads a JSON `{ message }` instead of a reset connection
 * (docs/api.md#errors).
 */
describe('an oversized JSON body', () => {
  let url: string;
  useTestApp({}, (started) => {
    url = started.apis[0].url;
  });

  it.each([
    ['with a content-length', false],
    ['chunked', true],
  ])('is answered 413 in plain words, never a reset (%s)', async (_, chunked) => {
    for (let round = 0; round < 5; round += 1) {
      const answer = await sendBigBody(url, ROUTES.login.path, chunked);
      expect({ round, error: answer.error, status: answer.text.split('\r\n')[0] }).toEqual({ round, error: undefined, status: 'HTTP/1.1 413 Payload Too Large' });
      expect(JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4))).toEqual({ message: MSG.bodyTooLarge });
    }
  });
});
