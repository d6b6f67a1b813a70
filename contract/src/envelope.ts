import { z } from 'zod';
import { ERROR_REASONS } from './error-codes.js';

/** A field problem inside an error envelope. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every error answer of /api/v1. */
export const errorEnvelopeSchema = z.object({
  statusCode: z.number().int(),
  success: z.literal(false),
  message: z.string(),
  errors: z.array(fieldErrorSchema),
  reason: z
    .enum(ERROR_REASONS)
    .optional()
    .describe(
      'Present on a few refusals only. processing: a 404 for a video that exists and is still being processed (its title is not revealed); ask again later.',
    ),
  /** A reason the client acts on, when it has one (`email_unverified`: offer to resend the link). */
  code: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Every success answer of /api/v1 wraps its payload the same way. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    statusCode: z.number().int(),
    success: z.literal(true),
    message: z.string(),
    data,
  });
}
export type Envelope<T> = { statusCode: number; success: true; message: string; data: T };
