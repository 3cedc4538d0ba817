import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
// FastifySchema's `consumes` is @fastify/swagger's (bench/ compiles this file without the app).
import type {} from '@fastify/swagger';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { AppError } from './app-error';
import { unsupportedBodyText } from './body-types';
import { detectImageType } from './image-type';

/** A file taken from a multipart request, its type read from its content. */
export interface Upload {
  data: Buffer;
  /** Detected from the bytes, never the declared mimetype. */
  contentType: string;
  sizeBytes: number;
  sha256: string;
  filename: string;
}

/** What a multipart route accepts: one file field, its size limit and how its type is checked. */
export interface UploadRule {
  field: string;
  maxBytes: number;
  tooLargeText: string;
  /** The content type read from the bytes, or undefined to refuse the file. */
  detect(bytes: Buffer): Promise<string | undefined>;
  unsupportedText: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on multipart routes: the form is read into `request.body` before validation. */
    upload?: UploadRule;
  }
}

export const IMAGE_UNSUPPORTED_TEXT = 'The image must be a PNG, JPEG, WebP or GIF file';

/** Category, subcategory and product images, and avatars: ≤ 2 MB, PNG/JPEG/WebP/GIF by content. */
export function imageUpload(field = 'image'): UploadRule {
  return {
    field,
    maxBytes: IMAGE_MAX_BYTES,
    tooLargeText: messages.imageTooLarge,
    detect: detectImageType,
    unsupportedText: IMAGE_UNSUPPORTED_TEXT,
  };
}

const isUpload = (value: unknown): value is Upload =>
  typeof value === 'object' && value !== null && Buffer.isBuffer((value as Upload).data);

/** The file field in a multipart route's body schema (the hook below has already checked it). */
export const uploadSchema = (requiredText = 'Choose an image to upload') =>
  z
    .custom<Upload>(isUpload, { error: requiredText })
    // What the OpenAPI document shows for the file part.
    .meta({ type: 'string', format: 'binary' });

// Text fields are short (names, descriptions, prices); a form needs a dozen at most.
const FIELD_MAX_BYTES = 16 * 1024;
const MAX_FIELDS = 30;

/**
 * Registers @fastify/multipart in the calling plugin only, and reads every form before validation:
 * routes with `config.upload` get `request.body` = the text fields plus the checked file, so the
 * same zod contract validates a form and a JSON body. Any other route refuses multipart (415), so
 * a JSON route is never fed form fields.
 */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fieldSize: FIELD_MAX_BYTES, fields: MAX_FIELDS, files: 1, parts: MAX_FIELDS + 1 },
  });
  // The OpenAPI document takes a body's type from `consumes`: an upload route reads a form, so
  // it says so, without each route repeating it. (@fastify/swagger keeps this same object.)
  app.addHook('onRoute', (route) => {
    if (!route.config?.upload) return;
    route.schema ??= {};
    route.schema.consumes = ['multipart/form-data'];
  });
  app.addHook('preValidation', async (request) => {
    const rule = request.routeOptions.config.upload;
    const isMultipart = request.isMultipart();
    if (!rule) {
      if (isMultipart) {
        throw new AppError('unsupported_media_type', unsupportedBodyText(request));
      }
      return;
    }
    if (!isMultipart) {
      throw new AppError('unsupported_media_type', 'Send the request as multipart/form-data');
    }
    request.body = await readForm(request, rule);
  });
}

async function readForm(request: FastifyRequest, rule: UploadRule) {
  const fields = new Map<string, string>();
  let upload: Upload | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: rule.maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== rule.field) {
          part.file.resume(); // drain so the parser can report what follows
          throw fieldError(part.fieldname, `Unexpected file; send it as "${rule.field}"`);
        }
        const data = await part.toBuffer();
        // A form whose file input was left empty still sends the part, with no bytes.
        if (data.length === 0) continue;
        const contentType = await rule.detect(data);
        if (!contentType) throw new AppError('unsupported_media_type', rule.unsupportedText);
        upload = {
          data,
          contentType,
          sizeBytes: data.length,
          sha256: createHash('sha256').update(data).digest('hex'),
          filename: part.filename,
        };
        continue;
      }
      if (part.valueTruncated || part.fieldnameTruncated) {
        throw fieldError(part.fieldname, 'This field is too long');
      }
      if (fields.has(part.fieldname) || part.fieldname === rule.field) {
        throw fieldError(part.fieldname, 'Send this field once');
      }
      fields.set(part.fieldname, String(part.value));
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', rule.tooLargeText);
    }
    // Ours, or a multipart limit the error handler already words (too many parts, files, ...).
    if (error instanceof AppError || (typeof code === 'string' && code.startsWith('FST_'))) {
      throw error;
    }
    // Anything else comes from the parser reading a body that is not multipart at all
    // (no boundary, a part cut short): the client's mistake, not a server fault.
    throw new AppError('bad_request', 'The upload is not a valid multipart/form-data body');
  }
  const body: Record<string, unknown> = Object.fromEntries(fields);
  if (upload) body[rule.field] = upload;
  return body;
}

const fieldError = (field: string, message: string) =>
  new AppError('validation', message, [{ path: `body.${field}`, message }]);
