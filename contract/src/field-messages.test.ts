import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldMessage } from './field-messages.js';
import { loginBodySchema } from './user.js';

describe('fieldLabel', () => {
  it('turns a field name into words', () => {
    expect(fieldLabel(['fullName'])).toBe('Full name');
    expect(fieldLabel(['videoFile'])).toBe('Video file');
    expect(fieldLabel(['page'])).toBe('Page');
    expect(fieldLabel(['items', 2])).toBe('Items');
    expect(fieldLabel(['cover_image'])).toBe('Cover image');
    expect(fieldLabel([])).toBeUndefined();
  });
});

describe('fieldMessage', () => {
  it('names a missing field, and a field of the wrong type', () => {
    expect(fieldMessage({ code: 'invalid_type', path: ['username'], expected: 'string' })).toBe(
      'Username is required.',
    );
    expect(
      fieldMessage({ code: 'invalid_type', path: ['page'], expected: 'number', input: Number.NaN }),
    ).toBe('Page must be a number.');
    expect(
      fieldMessage({
        code: 'invalid_type',
        path: ['isPublished'],
        expected: 'boolean',
        input: 'x',
      }),
    ).toBe('Is published must be true or false.');
    expect(
      fieldMessage({ code: 'invalid_value', path: ['visibility'], values: ['private', 'public'] }),
    ).toBe('Visibility must be one of: private, public.');
  });

  it('leaves issues about no field in particular to zod', () => {
    expect(fieldMessage({ code: 'invalid_type', path: [], expected: 'object' })).toBeUndefined();
    expect(fieldMessage({ code: 'too_small', path: ['title'] })).toBeUndefined();
  });
});

describe('installed for every schema', () => {
  it('words what a schema leaves to zod, and keeps what the product words itself', () => {
    const missing = loginBodySchema.safeParse({});
    expect(missing.error?.issues.map((i) => i.message)).toEqual([
      'Username is required.',
      'Password is required.',
    ]);
    // The product's own wording for an empty field stays.
    expect(
      loginBodySchema.safeParse({ username: '', password: 'x' }).error?.issues[0]?.message,
    ).toBe('Email or username is required.');
    expect(
      z.object({ page: z.coerce.number() }).safeParse({ page: 'abc' }).error?.issues[0]?.message,
    ).toBe('Page must be a number.');
  });
});
