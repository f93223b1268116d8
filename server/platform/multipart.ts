import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';
import type { App } from './http.js';
import { withGlobalsHidden } from '../lazy.js';

/** Multipart bodies are attached to request.body and read by readMultipart below. */
export async function registerMultipart(app: App): Promise<void> {
  // The plugin adds request.formData() (never used here) when the FormData global exists; see withGlobalsHidden.
  await withGlobalsHidden(['FormData'], () =>
    app.register(multipart, { attachFieldsToBody: true, limits: { fileSize: 25 * 1024 * 1024, files: 20, fields: 50 } }).then(() => undefined),
  );
}

interface FieldPart {
  type: 'field';
  value: unknown;
}
interface FilePart {
  type: 'file';
  filename: string;
  mimetype: string;
  toBuffer(): Promise<Buffer>;
}
type Part = FieldPart | FilePart;

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** Reads a multipart body (attached by @fastify/multipart) into plain fields and files. */
export async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: Record<string, UploadedFile[]> }> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body');
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile[]> = {};
  const body = (request.body ?? {}) as Record<string, Part | Part[]>;
  for (const [name, value] of Object.entries(body)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (!part) continue;
      if (part.type === 'file') {
        const data = await part.toBuffer();
        (files[name] ??= []).push({ filename: part.filename, mimetype: part.mimetype, data });
      } else if (part.type === 'field') {
        fields[name] = String(part.value ?? '');
      }
    }
  }
  return { fields, files };
}
