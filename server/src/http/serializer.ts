import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { cardListSerializer, isCardList } from './card-list-serializer.js';
import { isList, keptListSerializer } from './kept-list-serializer.js';

/** A fast-json-stringify serializer compiled from a contract schema's JSON Schema. */
export function compileSerializer(zodSchema: z.ZodType): (value: unknown) => string {
  const json = z.toJSONSchema(zodSchema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  });
  return fastJson(json as Parameters<typeof fastJson>[0]);
}

/**
 * Writes each answer with a serializer compiled once per route from the contract's JSON
 * Schema (the same one the OpenAPI document shows). Only declared fields leave the server, as
 * with zod's own encoding, but without validating every answer again at run time: handlers
 * are already typed against the contract, and validating the 60 videos of a feed page cost
 * more than reading them from the database. Lists of video cards reuse each kept card's JSON
 * (card-list-serializer.ts), and other lists the JSON of a `data` array kept whole
 * (kept-list-serializer.ts).
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const zodSchema = schema instanceof z.ZodType ? schema : undefined;
  if (!zodSchema) throw new Error('Every response schema must be a zod schema from the contract.');
  if (isCardList(zodSchema)) {
    // Fastify's types say a serializer returns a string; it sends a Buffer as readily (its
    // length is then known without scanning it), and the onSend hooks here take either.
    return cardListSerializer(zodSchema, compileSerializer) as (value: unknown) => string;
  }
  if (isList(zodSchema)) {
    return keptListSerializer(zodSchema, compileSerializer) as (value: unknown) => string;
  }
  return compileSerializer(zodSchema);
};
