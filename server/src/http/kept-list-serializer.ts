import { z } from 'zod';
import { keptBaseOf } from '../lib/kept-objects.js';
import { splitAtData } from './card-list-serializer.js';

type Serialize = (value: unknown) => string;

/**
 * List answers whose whole `data` array a cache keeps (a page of comments as a visitor sees it,
 * CommentService): the array's JSON is written once, on its first answer, and copied into every
 * later one between the envelope's fields, which are written afresh (page numbers and cursors
 * differ between answers that share a page). An answer whose envelope is the last one's is that
 * answer again, not a copy: a page's 70 KB copied per request was a tenth of its cost. Any
 * other answer is written whole, as the contract's serializer writes it.
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
  const written = new WeakMap<object, Written>();

  return (value: unknown) => {
    const answer = value as { data?: unknown };
    const items = answer.data;
    if (!Array.isArray(items) || items.length === 0 || keptBaseOf(items) !== items) {
      return whole(value);
    }
    const envelope = whole({ ...answer, data: [] });
    const last = written.get(items);
    // The same envelope around the same array: the same bytes, answered again. An answer is
    // only read once it is sent, so one Buffer serves every request that asks for it.
    if (last?.envelope === envelope) return last.out;
    const parts = splitAtData(envelope);
    if (!parts) return whole(value);
    let json: Buffer;
    if (last) {
      json = last.out.subarray(last.head, last.out.length - last.tail);
    } else {
      list ??= compile(schema.shape.data as z.ZodType);
      json = Buffer.from(list(items));
    }
    // The envelope's head ends with `[` and its tail starts with `]`; the array's JSON has both.
    const head = parts.head.length - 1;
    const tail = parts.tail.length - 1;
    const out = Buffer.allocUnsafe(head + json.length + tail);
    parts.head.copy(out, 0, 0, head);
    json.copy(out, head);
    parts.tail.copy(out, head + json.length, 1);
    written.set(items, { envelope, out, head, tail });
    return out;
  };
}

/**
 * The last answer written around a kept array: its envelope's JSON, and the answer's bytes with
 * how many of them come before and after the array's (which are cut from it for the next
 * envelope, so the array's JSON is held once).
 */
interface Written {
  envelope: string;
  out: Buffer;
  head: number;
  tail: number;
}

/** The schemas `keptListSerializer` writes: an object whose `data` is an array. */
export function isList(schema: z.ZodType): schema is z.ZodObject {
  return schema instanceof z.ZodObject && schema.shape.data instanceof z.ZodArray;
}
