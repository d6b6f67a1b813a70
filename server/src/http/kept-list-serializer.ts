import { z } from 'zod';
import { keptBaseOf } from '../lib/kept-objects.js';
import { splitAtData } from './card-list-serializer.js';

type Serialize = (value: unknown) => string;

/**
 * List answers whose whole `data` array a cache keeps (a page of comments as a visitor sees it,
 * CommentService): the array's JSON is written once, on its first answer, and copied into every
 * later one between the envelope's fields, which are written afresh (page numbers and cursors
 * differ between answers that share a page). Any other answer is written whole, as the
 * contract's serializer writes it.
 *
 * Why the JSON can be reused: a kept array is frozen with everything in it
 * (lib/kept-objects.ts), and its JSON is held in a WeakMap keyed by the array, so it lives
 * exactly as long as the array and describes nothing else.
 */
export function keptListSerializer(
  schema: z.ZodObject,
  compile: (schema: z.ZodType) => Serialize,
): (value: unknown) => string | Buffer {
  const whole = compile(schema);
  // Compiled on first use: most lists never answer with a kept array.
  let list: Serialize | undefined;
  const written = new WeakMap<object, Buffer>();

  return (value: unknown) => {
    const answer = value as { data?: unknown };
    const items = answer.data;
    if (!Array.isArray(items) || items.length === 0 || keptBaseOf(items) !== items) {
      return whole(value);
    }
    const envelope = splitAtData(whole({ ...answer, data: [] }));
    if (!envelope) return whole(value);
    let json = written.get(items);
    if (!json) {
      list ??= compile(schema.shape.data as z.ZodType);
      json = Buffer.from(list(items));
      written.set(items, json);
    }
    // The envelope's head ends with `[` and its tail starts with `]`; the array's JSON has both.
    const out = Buffer.allocUnsafe(
      envelope.head.length - 1 + json.length + envelope.tail.length - 1,
    );
    let at = envelope.head.copy(out, 0, 0, envelope.head.length - 1);
    at += json.copy(out, at);
    envelope.tail.copy(out, at, 1);
    return out;
  };
}

/** The schemas `keptListSerializer` writes: an object whose `data` is an array. */
export function isList(schema: z.ZodType): schema is z.ZodObject {
  return schema instanceof z.ZodObject && schema.shape.data instanceof z.ZodArray;
}
