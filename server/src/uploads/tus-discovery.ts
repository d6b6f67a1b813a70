import { TUS_RESUMABLE } from '@tus/utils';

/**
 * The tus extensions this server speaks: creation (with bytes in the POST too), termination
 * of an unfinished upload, and expiration. Not `creation-defer-length` (a creation must say
 * its length, which the quotas are checked against), nor checksum or concatenation.
 */
export const TUS_EXTENSIONS = [
  'creation',
  'creation-with-upload',
  'termination',
  'expiration',
] as const;

/** tus 1.0's answer to OPTIONS: the protocol versions, extensions and largest upload. */
export function tusDiscoveryHeaders(maxUploadBytes: number): Record<string, string> {
  return {
    'tus-resumable': TUS_RESUMABLE,
    'tus-version': TUS_RESUMABLE,
    'tus-extension': TUS_EXTENSIONS.join(','),
    'tus-max-size': String(maxUploadBytes),
  };
}
