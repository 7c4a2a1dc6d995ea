import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import '@fastify/multipart'; // its types add isMultipart() and parts() to FastifyRequest
import { inputProblem, MSG, PROFILE_PHOTO_MAX_BYTES } from '@gotnext/shared';

/** What @fastify/multipart registers on the app (see app.factory.ts): at most one file, 4 MB. */
export const MULTIPART_LIMITS = { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21 } as const;

export interface MultipartForm {
  fields: Record<string, string>;
  /** The one file, when one with content was sent under the expected field name. */
  file?: Buffer;
}

function asHttpError(err: unknown, tooLarge: string): HttpException {
  if (err instanceof HttpException) return err;
  const code = (err as { code?: string }).code;
  // The size limit trips while the file streams in, so an oversized upload is refused before it is buffered.
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new PayloadTooLargeException({ message: tooLarge });
  if (code === 'FST_FILES_LIMIT') return new BadRequestException({ message: MSG.oneFileOnly });
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new PayloadTooLargeException({ message: 'Too many form fields.' });
  return new BadRequestException({ message: 'The request is malformed.' });
}

/**
 * Collects a file stream, but gives up the moment busboy reports the size limit: the 413 is sent
 * right away instead of after the rest of the oversized upload has streamed through.
 */
function readWithinLimit(file: Readable, tooLarge: string): Promise<Buffer> {
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = [];
    file.on('data', (c: Buffer) => chunks.push(c));
    file.once('limit', () => {
      chunks.length = 0;
      file.removeAllListeners('data');
      file.resume(); // let the rest drain unread while the answer goes out
      fail(new PayloadTooLargeException({ message: tooLarge }));
    });
    file.once('end', () => ((file as Readable & { truncated?: boolean }).truncated ? fail(new PayloadTooLargeException({ message: tooLarge })) : ok(Buffer.concat(chunks))));
    file.once('error', fail);
  });
}

export function isMultipart(req: FastifyRequest): boolean {
  return typeof req.isMultipart === 'function' && req.isMultipart();
}

/**
 * Reads a multipart form: text fields, and the file of `fileField` into memory (bounded by the
 * 4 MB limit). A file under any other name is refused; an empty file counts as none.
 */
export async function readMultipartForm(req: FastifyRequest, fileField: string, tooLarge: string): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {} };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          part.file.resume();
          throw new BadRequestException({ message: MSG.unknownFile(part.fieldname) });
        }
        const bytes = await readWithinLimit(part.file, tooLarge);
        if (bytes.length) form.file = bytes;
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw asHttpError(err, tooLarge);
  }
  // The same edge rules as JSON bodies (common/input/input-edge.ts): names and values alike.
  const problem = inputProblem(form.fields);
  if (problem) throw new BadRequestException({ message: problem });
  return form;
}

/**
 * Reads a multipart form with several named files (POST /api/verify: a document's sides and the
 * selfie frames): `files` maps each accepted field to the 413 message of its size limit (4 MB
 * each, counted while it streams in). A file under any other name, or the same field twice, is
 * refused; an empty file counts as none.
 */
export async function readMultipartFiles(req: FastifyRequest, files: Record<string, string>): Promise<{ fields: Record<string, string>; files: Record<string, Buffer> }> {
  const form = { fields: {} as Record<string, string>, files: {} as Record<string, Buffer> };
  const names = Object.keys(files);
  let tooLarge = files[names[0]];
  try {
    for await (const part of req.parts({ limits: { ...MULTIPART_LIMITS, files: names.length, parts: MULTIPART_LIMITS.fields + names.length } })) {
      if (part.type === 'file') {
        if (!names.includes(part.fieldname)) {
          part.file.resume();
          throw new BadRequestException({ message: MSG.unknownFile(part.fieldname) });
        }
        if (form.files[part.fieldname]) {
          part.file.resume();
          throw new BadRequestException({ message: MSG.oneFileOnly });
        }
        tooLarge = files[part.fieldname];
        const bytes = await readWithinLimit(part.file, tooLarge);
        if (bytes.length) form.files[part.fieldname] = bytes;
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw asHttpError(err, tooLarge);
  }
  return form;
}
