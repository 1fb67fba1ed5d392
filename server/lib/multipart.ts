import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { AppError } from './errors.ts';
import { FILE_MSG } from '#contract/files.ts';
import { MSG } from '#contract/messages.ts';
import { openRequestTransaction } from '../db/request-context.ts';

export interface UploadedFile {
  field: string;
  bytes: Buffer;
  /** The name the file had on the sender's device (only shown back, never used as a path). */
  filename: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** The last file of each field. */
  files: Record<string, UploadedFile>;
  /** Every file, in the order sent (a form that sends many files in one field). */
  list: UploadedFile[];
}

/** A form of many files (the background import): how many, and all of them together at most. */
export interface ManyFiles {
  maxFiles: number;
  maxTotalBytes: number;
  /** Said when there are more files, or more bytes in all, than allowed. */
  tooManyMessage: string;
  tooLargeInAllMessage: string;
}

/**
 * Reads a multipart form: text fields as strings, at most one file per field, each file at most
 * `maxFileBytes` (413 otherwise). The uploaded file name and declared type are ignored on purpose:
 * content decides. The request's transaction opens afterwards; a form whose files need checking
 * (images, PDFs) is read with `readCheckedMultipart`.
 */
export function readMultipart(
  request: FastifyRequest,
  maxFileBytes: number,
  tooLargeMessage: string = FILE_MSG.imageTooLarge,
): Promise<MultipartForm> {
  return readCheckedMultipart(request, maxFileBytes, tooLargeMessage, async (form) => form);
}

/**
 * Reads a multipart form (as `readMultipart`), then runs `check` on it, then opens the request's
 * transaction: the file checks (server/lib/images.ts, documents.ts) go into `check`, so that no
 * database connection is held while they run (on PGlite there is one connection for everyone).
 * `check` may read the database (a statement takes a pooled connection and gives it back) but
 * must not write: its statements are outside the request's transaction.
 */
export async function readCheckedMultipart<T>(
  request: FastifyRequest,
  maxFileBytes: number,
  tooLargeMessage: string,
  check: (form: MultipartForm) => Promise<T>,
  many?: ManyFiles,
): Promise<T> {
  if (!request.isMultipart()) throw new AppError(415, 'request.not_multipart', MSG.unsupportedMediaType);
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  const list: UploadedFile[] = [];
  const parts = request.parts({
    limits: {
      fileSize: maxFileBytes,
      files: many?.maxFiles ?? 3,
      fields: 60,
      fieldSize: 64 * 1024,
      parts: many ? many.maxFiles + 70 : 70,
    },
  });
  try {
    await readParts(parts, fields, files, list, tooLargeMessage, many);
  } catch (err) {
    if (['FST_FILES_LIMIT', 'FST_PARTS_LIMIT'].includes((err as { code?: string }).code ?? '') && many)
      throw new AppError(413, 'file.too_many', many.tooManyMessage);
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
    // busboy's own errors: a body cut off before its closing boundary, a missing boundary, a
    // malformed part header. The client sent a broken form: 400, not a server failure.
    throw new AppError(400, 'request.malformed_multipart', MSG.malformedMultipart);
  }
  const checked = await check({ fields, files, list });
  // The body is in memory and checked now: the write request's transaction can start (it did not
  // hold a connection while the upload was arriving or being checked).
  await openRequestTransaction();
  return checked;
}

async function readParts(
  parts: AsyncIterableIterator<Multipart>,
  fields: Record<string, string>,
  files: Record<string, UploadedFile>,
  list: UploadedFile[],
  tooLargeMessage: string,
  many?: ManyFiles,
): Promise<void> {
  let total = 0;
  for await (const part of parts) {
    if (part.type === 'file') {
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, 'file.too_large', tooLargeMessage);
        throw err;
      }
      if (part.file.truncated) throw new AppError(413, 'file.too_large', tooLargeMessage);
      // An empty file input arrives as a zero-byte part: treated as "no file".
      if (bytes.length > 0) {
        total += bytes.length;
        if (many && total > many.maxTotalBytes) throw new AppError(413, 'file.too_large', many.tooLargeInAllMessage);
        const file = { field: part.fieldname, bytes, filename: String(part.filename ?? '').slice(0, 200) };
        files[part.fieldname] = file;
        list.push(file);
      }
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
}
