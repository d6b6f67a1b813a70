import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { badRequest, payloadTooLarge } from '../lib/errors.js';
import type { TempFiles } from '../storage/temp-files.js';

export interface UploadedFile {
  field: string;
  path: string;
  filename: string;
  mimetype: string;
  size: number;
  /** First bytes, for sniffing the real type. */
  head: Buffer;
}

export interface MultipartSpec {
  /** Accepted file fields with their byte caps and the message shown when one is exceeded. */
  files: Record<string, { maxBytes: number; tooLarge: string }>;
  maxFieldBytes?: number;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
  /** Removes every temp file this request wrote; safe to call twice. */
  cleanup(): Promise<void>;
}

const HEAD_BYTES = 64;

/**
 * Streams each file to a temp path under a hard cap: the parser stops reading at the cap,
 * so nothing larger than the limit is ever written. Any failure removes what was written.
 */
export async function readMultipart(
  request: FastifyRequest,
  temp: TempFiles,
  spec: MultipartSpec,
): Promise<MultipartResult> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body.');
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  const written: string[] = [];
  const cleanup = async () => {
    await Promise.all(written.map((p) => temp.remove(p)));
  };
  const maxFileBytes = Math.max(...Object.values(spec.files).map((f) => f.maxBytes));

  try {
    const parts = request.parts({
      limits: {
        fileSize: maxFileBytes,
        files: Object.keys(spec.files).length,
        fields: 20,
        fieldSize: spec.maxFieldBytes ?? 16 * 1024,
        parts: 30,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest(`Field "${part.fieldname}" is too long.`);
        if (!(part.fieldname in fields)) fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const rule = spec.files[part.fieldname];
      if (!rule || files[part.fieldname]) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}".`);
      }
      const filePath = temp.newPath();
      written.push(filePath);
      let size = 0;
      let head = Buffer.alloc(0);
      part.file.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
      });
      try {
        await pipeline(part.file, fs.createWriteStream(filePath));
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw payloadTooLarge(rule.tooLarge, [{ field: part.fieldname, message: rule.tooLarge }]);
        }
        throw err;
      }
      if (part.file.truncated || size > rule.maxBytes) {
        throw payloadTooLarge(rule.tooLarge, [{ field: part.fieldname, message: rule.tooLarge }]);
      }
      if (size === 0) {
        // An empty file input submits a nameless zero-byte part: treat it as absent.
        await temp.remove(filePath);
        continue;
      }
      files[part.fieldname] = {
        field: part.fieldname,
        path: filePath,
        filename: part.filename,
        mimetype: part.mimetype,
        size,
        head,
      };
    }
  } catch (err) {
    await cleanup();
    const code = (err as { code?: string }).code;
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest('The form has too many fields or files.');
    }
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw payloadTooLarge('A file is larger than allowed.');
    }
    throw err;
  }
  return { fields, files, cleanup };
}
