import { videoSchema } from '@contract';
import { z } from 'zod';
import { keptBaseOf } from '../lib/kept-objects.js';

type Serialize = (value: unknown) => string;

/** A card's JSON around its view count, which is the one field a list reads afresh. */
interface CardJson {
  head: Buffer;
  tail: Buffer;
}

const VIEWS = ',"views":';

/**
 * The list answers whose `data` is an array of video cards, written from each kept card's JSON
 * instead of serialising 60 cards again per request: the card serializer (compiled from the
 * contract's `videoSchema`, like every answer) runs once per kept card, the envelope's runs with
 * `data` empty, and the cards are copied in between with the view count each list read. The
 * answer is a Buffer, so it is neither scanned for its length nor encoded again on the way out.
 *
 * Why the JSON of a kept card can be reused: kept cards are frozen (lib/kept-objects.ts), and a
 * card's JSON is held in a WeakMap keyed by the card, so it lives exactly as long as the card
 * and describes nothing else. A copy with another view count shares its kept card's JSON;
 * objects that were never kept are serialised on every call.
 */
export function cardListSerializer(
  schema: z.ZodObject,
  compile: (schema: z.ZodType) => Serialize,
): (value: unknown) => string | Buffer {
  const whole = compile(schema);
  const card = compile(videoSchema);
  const written = new WeakMap<object, CardJson>();

  const cardJson = (item: Record<string, unknown>): CardJson | undefined => {
    const kept = keptBaseOf(item);
    const known = kept && written.get(kept);
    if (known) return known;
    const json = splitAtViews(card(kept ?? item));
    if (json && kept) written.set(kept, json);
    return json;
  };

  return (value: unknown) => {
    const answer = value as { data?: unknown };
    const items = answer.data;
    if (!Array.isArray(items) || items.length === 0) return whole(value);
    const envelope = splitAtData(whole({ ...answer, data: [] }));
    if (!envelope) return whole(value);
    const parts: CardJson[] = new Array(items.length);
    const views: string[] = new Array(items.length);
    let length = envelope.head.length + envelope.tail.length + items.length - 1;
    for (let i = 0; i < items.length; i += 1) {
      const item = items[i] as Record<string, unknown>;
      const count = item.views;
      const json = typeof count === 'number' && Number.isSafeInteger(count) && cardJson(item);
      if (!json) return whole(value);
      parts[i] = json;
      views[i] = String(count);
      length += json.head.length + views[i]!.length + json.tail.length;
    }
    const out = Buffer.allocUnsafe(length);
    let at = envelope.head.copy(out, 0);
    for (let i = 0; i < parts.length; i += 1) {
      if (i > 0) out[at++] = 0x2c; // ','
      at += parts[i]!.head.copy(out, at);
      at += out.write(views[i]!, at, 'latin1');
      at += parts[i]!.tail.copy(out, at);
    }
    envelope.tail.copy(out, at);
    return out;
  };
}

/**
 * A card's JSON cut around its top-level view count. Inside a JSON string every quote is
 * escaped, so `,"views":` can only be a key; one at the top level and none nested.
 */
export function splitAtViews(json: string): CardJson | undefined {
  const at = json.indexOf(VIEWS);
  if (at < 0 || json.indexOf(VIEWS, at + 1) >= 0) return undefined;
  const start = at + VIEWS.length;
  let end = start;
  while (end < json.length && json.charCodeAt(end) >= 48 && json.charCodeAt(end) <= 57) end += 1;
  if (end === start) return undefined;
  return { head: Buffer.from(json.slice(0, start)), tail: Buffer.from(json.slice(end)) };
}

/** An envelope's JSON cut where its empty `data` array's items go. */
export function splitAtData(json: string): { head: Buffer; tail: Buffer } | undefined {
  const marker = '"data":[]';
  const at = json.indexOf(marker);
  if (at < 0 || json.indexOf(marker, at + 1) >= 0) return undefined;
  const start = at + marker.length - 1;
  return { head: Buffer.from(json.slice(0, start)), tail: Buffer.from(json.slice(start)) };
}

/** The schemas `cardListSerializer` writes: an object whose `data` is an array of cards. */
export function isCardList(schema: z.ZodType): schema is z.ZodObject {
  if (!(schema instanceof z.ZodObject)) return false;
  const data = schema.shape.data;
  return data instanceof z.ZodArray && data.element === videoSchema;
}
