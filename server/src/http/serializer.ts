import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Writes each answer with a serializer compiled once per route from the contract's JSON
 * Schema (the same one the OpenAPI document shows). Only declared fields leave the server, as
 * with zod's own encoding, but without validating every answer again at run time: handlers
 * are already typed against the contract, and validating the 60 videos of a feed page cost
 * more than reading them from the database.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const zodSchema = schema instanceof z.ZodType ? schema : undefined;
  if (!zodSchema) throw new Error('Every response schema must be a zod schema from the contract.');
  const json = z.toJSONSchema(zodSchema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  });
  return fastJson(json as Parameters<typeof fastJson>[0]);
};
