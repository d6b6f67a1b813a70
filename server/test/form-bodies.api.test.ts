import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  API_ROUTES,
  registerBody,
  videoEditBody,
  videoUploadBody,
  type FormBody,
} from '@contract';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Multipart bodies are contract schemas, and the OpenAPI document shows them. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Schema = {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
};
type Operation = { requestBody?: { content?: Record<string, { schema: Schema }> } };

function operation(method: string, template: string): Operation {
  const doc = t.server.swagger() as { paths: Record<string, Record<string, Operation>> };
  const path = `${API_BASE}${template}`.replace(/:(\w+)/g, '{$1}');
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`${method} ${path} is not documented`);
  return op;
}

function expectDocumented(schema: Schema | undefined, body: FormBody, withFiles: boolean) {
  expect(schema?.type).toBe('object');
  const files = Object.keys(body.files);
  const text = Object.keys(schema?.properties ?? {}).filter((name) => !files.includes(name));
  // Every text field of the contract's schema, as a client sends it.
  const shape = (body.fields as unknown as { shape: Record<string, unknown> }).shape;
  expect(text.sort()).toEqual(Object.keys(shape).sort());
  for (const [name, part] of Object.entries(body.files)) {
    if (!withFiles) {
      expect(schema?.properties?.[name], name).toBeUndefined();
      continue;
    }
    expect(schema?.properties?.[name], name).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema?.required?.includes(name) ?? false, name).toBe(Boolean(part.required));
  }
}

describe('form bodies in the OpenAPI document', () => {
  it('the upload is multipart: its text fields from the contract and its files as binary', () => {
    const content = operation('post', API_ROUTES.publishVideo).requestBody?.content ?? {};
    expect(Object.keys(content)).toEqual(['multipart/form-data']);
    const schema = content['multipart/form-data']?.schema;
    expectDocumented(schema, videoUploadBody, true);
    expect(schema?.required).toEqual(
      expect.arrayContaining(['title', 'description', 'hashtag', 'videoFile', 'thumbnail']),
    );
    expect(schema?.required).not.toContain('duration');
  });

  it('the edit is JSON or multipart; only multipart carries the thumbnail, and nothing is required', () => {
    const content = operation('patch', API_ROUTES.updateVideo).requestBody?.content ?? {};
    expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expectDocumented(content['multipart/form-data']?.schema, videoEditBody, true);
    expectDocumented(content['application/json']?.schema, videoEditBody, false);
    expect(content['multipart/form-data']?.schema.required ?? []).toEqual([]);
  });

  it('the sign-up is multipart with a required avatar and an optional cover image', () => {
    const content = operation('post', API_ROUTES.register).requestBody?.content ?? {};
    expect(Object.keys(content)).toEqual(['multipart/form-data']);
    const schema = content['multipart/form-data']?.schema;
    expectDocumented(schema, registerBody, true);
    expect(schema?.required).toEqual(
      expect.arrayContaining(['username', 'email', 'password', 'fullName', 'avatar']),
    );
  });
});

describe('form bodies on the wire', () => {
  it('the reader accepts exactly the contract’s file parts', async () => {
    const boundary = 'formBodyBoundary';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\nsomeone\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="banner"; filename="b.png"\r\n` +
      `Content-Type: image/png\r\n\r\nPNG\r\n--${boundary}--\r\n`;
    const res = await t.server.inject({
      method: 'POST',
      url: `${API_BASE}${API_ROUTES.register}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unexpected file field "banner".');
  });

  it('a sign-up missing everything names each field from the contract, then the avatar', async () => {
    const boundary = 'formBodyBoundary';
    const res = await t.server.inject({
      method: 'POST',
      url: `${API_BASE}${API_ROUTES.register}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(['username', 'email', 'password', 'fullName', 'avatar']);
  });
});
