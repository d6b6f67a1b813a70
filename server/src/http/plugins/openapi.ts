import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FormBody } from '@contract';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart/form-data body, read by the route itself (`http/multipart.ts`): documented
     * from the contract's form body, the text fields with the route's other content types.
     */
    formBody?: FormBody;
  }
}

type JsonSchema = { properties?: Record<string, unknown>; required?: string[] } & Record<
  string,
  unknown
>;

/** The text fields as JSON Schema, as a client sends them. */
function fieldsJsonSchema(body: FormBody): JsonSchema {
  const { $schema: _, ...schema } = z.toJSONSchema(body.fields, {
    io: 'input',
    target: 'openapi-3.0',
    unrepresentable: 'any',
  }) as JsonSchema;
  return schema;
}

/** The request body of a form route: multipart with its files as binary, and any JSON twin. */
export function formRequestBody(body: FormBody, consumes: readonly string[] = []) {
  const text = fieldsJsonSchema(body);
  const files = Object.entries(body.files);
  const multipart: JsonSchema = {
    ...text,
    properties: {
      ...text.properties,
      ...Object.fromEntries(
        files.map(([name, part]) => [
          name,
          { type: 'string', format: 'binary', description: part.description },
        ]),
      ),
    },
    required: [
      ...(text.required ?? []),
      ...files.filter(([, part]) => part.required).map(([name]) => name),
    ],
  };
  if (multipart.required?.length === 0) delete multipart.required;
  const content: Record<string, { schema: JsonSchema }> = {
    'multipart/form-data': { schema: multipart },
  };
  if (consumes.includes('application/json')) content['application/json'] = { schema: text };
  return { content };
}

/** The OpenAPI document is generated from the same zod schemas that validate requests. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vidshare API', version: '1' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: (document) => {
      const formBody = document.schema?.formBody;
      if (!formBody) return jsonSchemaTransform(document);
      const { formBody: _, consumes, ...schema } = document.schema;
      const out = jsonSchemaTransform({ ...document, schema });
      if (out.schema.hide) return out;
      return { ...out, schema: { ...out.schema, body: formRequestBody(formBody, consumes) } };
    },
  });
  // The app-wide Content-Security-Policy already fits Swagger UI, which loads only its own files.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
}
