import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isSendableMessage, titleEditOutcome } from './chat-rules.ts';
import { messageText } from './message-text.ts';
import {
  BILL_IMAGE_MAX_BYTES,
  adminCreateUserFormSchema,
  adminEditUserFormSchema,
  chatMessageSchema,
  conversationTitleSchema,
  detectImageType,
  forgotPasswordSchema,
  mapSelectionSchema,
  parseDegrees,
  passwordRequirements,
  profileSchema,
  resetPasswordFormSchema,
  selectionFromSuggestion,
  signInSchema,
  signUpFormSchema,
  signUpSchema,
  typedCoordinatesSchema,
  validateBillImage,
} from './validation.ts';

/** The first English message per field ('' for the whole input), or {} when valid. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? [])
    errors[issue.path.join('.')] ??= messageText(issue.message);
  return errors;
}

describe('sign-in', () => {
  it.each([
    [{ email: '', password: 'x' }, { email: 'Please fill in all fields' }],
    [{ email: 'a@b.co', password: '' }, { password: 'Please fill in all fields' }],
    [{}, { email: 'Please fill in all fields', password: 'Please fill in all fields' }],
    [{ email: 'not-an-email', password: 'x' }, { email: 'Please enter a valid email address' }],
    [{ email: 'a b@c.de', password: 'x' }, { email: 'Please enter a valid email address' }],
    [{ email: 'a@b', password: 'x' }, { email: 'Please enter a valid email address' }],
    [{ email: 'a@b.co', password: 'x', extra: 1 }, { '': 'Unknown field' }],
    ['text', { '': 'The request body must be a JSON object' }],
  ])('%j -> %j', (input, errors) => {
    expect(errorsOf(signInSchema, input)).toEqual(errors);
  });

  it('accepts a valid pair and trims the email', () => {
    expect(signInSchema.parse({ email: ' admin@example.com ', password: 'pw' })).toEqual({
      email: 'admin@example.com',
      password: 'pw',
    });
  });
});

const goodSignUp = {
  name: 'Ann',
  email: 'ann@example.com',
  password: 'Passw0rd',
  confirmPassword: 'Passw0rd',
  terms: true,
};

describe('sign-up', () => {
  it.each([
    [{ name: '' }, { name: 'Name is required' }],
    [{ name: '   ' }, { name: 'Name is required' }],
    [{ name: 'A' }, { name: 'Name must be at least 2 characters' }],
    [{ name: ' A ' }, { name: 'Name must be at least 2 characters' }],
    [{ name: 'Al' }, {}],
    [{ name: 'N'.repeat(100) }, {}],
    [{ name: 'N'.repeat(101) }, { name: 'Name must be at most 100 characters' }],
    [{ email: '' }, { email: 'Email is required' }],
    [{ email: 'ann@' }, { email: 'Please enter a valid email address' }],
    [{ email: `${'a'.repeat(250)}@b.co` }, { email: 'Please enter a valid email address' }],
    [
      { password: '', confirmPassword: '' },
      { password: 'Password is required', confirmPassword: 'Please confirm your password' },
    ],
    [
      { password: 'Passw0r', confirmPassword: 'Passw0r' },
      { password: 'Password must be at least 8 characters' },
    ],
    [
      { password: 'password1', confirmPassword: 'password1' },
      { password: 'Password must contain uppercase, lowercase, and number' },
    ],
    [
      { password: 'PASSWORD1', confirmPassword: 'PASSWORD1' },
      { password: 'Password must contain uppercase, lowercase, and number' },
    ],
    [
      { password: 'Password', confirmPassword: 'Password' },
      { password: 'Password must contain uppercase, lowercase, and number' },
    ],
    [{ password: 'Пароль123', confirmPassword: 'Пароль123' }, {}],
    [{ password: `Aa1${'x'.repeat(125)}`, confirmPassword: `Aa1${'x'.repeat(125)}` }, {}],
    [
      { password: `Aa1${'x'.repeat(126)}`, confirmPassword: `Aa1${'x'.repeat(126)}` },
      { password: 'Password must be at most 128 characters' },
    ],
    [{ confirmPassword: 'Passw0rd!' }, { confirmPassword: 'Passwords do not match' }],
    [
      { name: 'A', confirmPassword: 'other' },
      { name: 'Name must be at least 2 characters', confirmPassword: 'Passwords do not match' },
    ],
    [{ terms: false }, { terms: 'You must accept the terms and conditions' }],
    [{ terms: undefined }, { terms: 'You must accept the terms and conditions' }],
  ])('sign-up case %#', (change, errors) => {
    expect(errorsOf(signUpFormSchema, { ...goodSignUp, ...change })).toEqual(errors);
  });

  it('7 vs 8 characters is the password boundary', () => {
    expect(
      errorsOf(signUpFormSchema, {
        ...goodSignUp,
        password: 'Abcdef1',
        confirmPassword: 'Abcdef1',
      }),
    ).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(
      errorsOf(signUpFormSchema, {
        ...goodSignUp,
        password: 'Abcdefg1',
        confirmPassword: 'Abcdefg1',
      }),
    ).toEqual({});
  });

  it('the request body has no terms field and trims name and email', () => {
    const { terms: _terms, ...body } = goodSignUp;
    expect(signUpSchema.parse({ ...body, name: ' Ann ', email: ' ann@example.com ' })).toEqual(
      body,
    );
    expect(errorsOf(signUpSchema, goodSignUp)).toEqual({ '': 'Unknown field' });
  });
});

describe('forgot and reset password', () => {
  it.each([
    [{ email: '' }, { email: 'Email is required' }],
    [{ email: 'x' }, { email: 'Please enter a valid email address' }],
    [{ email: 'a@b.co' }, {}],
  ])('forgot %j -> %j', (input, errors) => {
    expect(errorsOf(forgotPasswordSchema, input)).toEqual(errors);
  });

  it.each([
    [{ password: 'Abcdefg1', confirmPassword: 'Abcdefg1' }, {}],
    [
      { password: 'Abcdefg1', confirmPassword: '' },
      { confirmPassword: 'Please confirm your password' },
    ],
    [
      { password: 'Abcdefg1', confirmPassword: 'Abcdefg2' },
      { confirmPassword: 'Passwords do not match' },
    ],
    [
      { password: 'abcdefg1', confirmPassword: 'abcdefg1' },
      { password: 'Password must contain uppercase, lowercase, and number' },
    ],
    [
      { password: '', confirmPassword: 'x' },
      { password: 'Password is required', confirmPassword: 'Passwords do not match' },
    ],
  ])('reset %j -> %j', (input, errors) => {
    expect(errorsOf(resetPasswordFormSchema, input)).toEqual(errors);
  });

  it.each([
    ['', [false, false, false, false]],
    ['abc', [false, true, false, false]],
    ['ABC', [false, false, true, false]],
    ['1234567', [false, false, false, true]],
    ['Abcdefg1', [true, true, true, true]],
    ['Пароль12', [true, true, true, true]],
  ])('the live checklist for %j', (password, met) => {
    const items = passwordRequirements(password);
    expect(items.map((i) => i.met)).toEqual(met);
    expect(items.map((i) => i.id)).toEqual(['minLength', 'lowercase', 'uppercase', 'digit']);
    expect(items.map((i) => i.message.defaultMessage)).toEqual([
      'At least 8 characters',
      'One lowercase letter',
      'One uppercase letter',
      'One number',
    ]);
  });
});

describe('profile', () => {
  it('needs a name of 2+ characters and a valid email', () => {
    expect(errorsOf(profileSchema, { name: 'A', email: 'x' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
    });
  });
});

const goodAdminCreate = {
  name: 'B',
  email: 'b@x.co',
  password: 'secret',
  confirmPassword: 'secret',
};

describe('admin create and edit user', () => {
  it('defaults userType to client_residential, emailConfirmed to false and the mail language to en', () => {
    expect(adminCreateUserFormSchema.parse(goodAdminCreate)).toEqual({
      ...goodAdminCreate,
      userType: 'client_residential',
      emailConfirmed: false,
      locale: 'en',
    });
  });

  it.each([
    [
      { password: 'abcde', confirmPassword: 'abcde' },
      { password: 'Password must be at least 6 characters' },
    ],
    [{ password: 'abcdef', confirmPassword: 'abcdef' }, {}],
    [
      { password: '' },
      { password: 'Password is required', confirmPassword: 'Passwords do not match' },
    ],
    [{ confirmPassword: '' }, { confirmPassword: 'Please confirm your password' }],
    [{ confirmPassword: 'secreT' }, { confirmPassword: 'Passwords do not match' }],
    [{ name: '' }, { name: 'Name is required' }],
    [{ email: '' }, { email: 'Email is required' }],
    [{ userType: 'boss' }, { userType: 'User type is required' }],
    [{ emailConfirmed: 'yes' }, { emailConfirmed: 'Must be true or false' }],
    [{ locale: 'fr' }, { locale: 'Language must be en, es or ru' }],
  ])('create %j -> %j', (change, errors) => {
    expect(errorsOf(adminCreateUserFormSchema, { ...goodAdminCreate, ...change })).toEqual(errors);
  });

  it.each([
    [{}, {}],
    [{ name: '' }, { name: 'Name is required' }],
    [{ email: '' }, { email: 'Email is required' }],
    [{ userType: undefined }, { userType: 'User type is required' }],
    [{ isActive: undefined }, { isActive: 'Must be true or false' }],
    [{ locale: undefined }, { locale: 'Language must be en, es or ru' }],
  ])('edit %j -> %j', (change, errors) => {
    const good = {
      name: 'B',
      email: 'b@x.co',
      userType: 'installer',
      emailConfirmed: true,
      isActive: false,
      locale: 'ru',
    };
    expect(errorsOf(adminEditUserFormSchema, { ...good, ...change })).toEqual(errors);
  });
});

describe('bill image', () => {
  const MB = 1024 * 1024;
  it.each([
    ['image/jpeg', 1, null],
    ['image/jpg', 1, null],
    ['image/png', 1, null],
    ['image/webp', 1, null],
    ['IMAGE/PNG', 1, null],
    ['image/gif', 1, 'Please upload a valid image file (JPEG, PNG, or WebP)'],
    ['application/pdf', 1, 'Please upload a valid image file (JPEG, PNG, or WebP)'],
    ['', 1, 'Please upload a valid image file (JPEG, PNG, or WebP)'],
    ['image/png', 10 * MB - 1, null],
    ['image/png', 10 * MB, 'File size must be less than 10MB'],
    ['image/png', 10 * MB + 1, 'File size must be less than 10MB'],
  ])('%s of %i bytes -> %s', (type, size, message) => {
    expect(validateBillImage({ type, size })?.defaultMessage ?? null).toBe(message);
  });

  it('is 10 MB of 1024 x 1024 bytes and validates only type and size', () => {
    expect(BILL_IMAGE_MAX_BYTES).toBe(10_485_760);
    const file = { type: 'image/PNG', size: 5, name: 'a.png', lastModified: 0 };
    expect(validateBillImage(file)).toBeNull();
    expect(validateBillImage({ type: 'image/png', size: Number.NaN })?.defaultMessage).toBe(
      'Invalid value',
    );
    expect(validateBillImage({ type: 'image/png', size: -1 })?.defaultMessage).toBe(
      'Invalid value',
    );
  });

  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'png'],
    [[0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50], 'webp'],
    [[0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45], null],
    [[0x47, 0x49, 0x46, 0x38], null],
    [[], null],
  ])('detects %j as %s', (bytes, kind) => {
    expect(detectImageType(new Uint8Array(bytes))).toBe(kind);
  });
});

describe('conversation title', () => {
  it.each([
    ['  New title  ', 'Old', { kind: 'save', title: 'New title' }],
    ['', 'Old', { kind: 'cancel' }],
    ['   ', 'Old', { kind: 'cancel' }],
    ['Old', 'Old', { kind: 'cancel' }],
    [' Old ', 'Old', { kind: 'cancel' }],
    ['x'.repeat(200), 'Old', { kind: 'save', title: 'x'.repeat(200) }],
    [
      'x'.repeat(201),
      'Old',
      {
        kind: 'invalid',
        message: {
          id: 'validation.titleTooLong',
          defaultMessage: 'Title cannot exceed 200 characters',
        },
      },
    ],
    [` ${'x'.repeat(200)} `, 'Old', { kind: 'save', title: 'x'.repeat(200) }],
  ])('title edit case %#', (draft, current, outcome) => {
    expect(titleEditOutcome(draft, current)).toEqual(outcome);
  });

  it.each([
    ['x'.repeat(200), {}],
    ['x'.repeat(201), { '': 'Title cannot exceed 200 characters' }],
    ['  ', { '': 'Title cannot be empty' }],
    [5, { '': 'Title cannot be empty' }],
  ])('schema %#', (title, errors) => {
    expect(errorsOf(conversationTitleSchema, title)).toEqual(errors);
  });
});

describe('chat message', () => {
  it.each([
    ['hello', true],
    ['  hi  ', true],
    ['', false],
    ['   ', false],
    ['\n\t ', false],
    ['x'.repeat(4000), true],
    ['x'.repeat(4001), false],
  ])('chat message case %#', (text, ok) => {
    expect(isSendableMessage(text)).toBe(ok);
  });

  it('lets the composer send exactly what the request schema accepts', () => {
    const samples = [
      'hello',
      ' ',
      '',
      'x'.repeat(4000),
      'x'.repeat(4001),
      'a\u0000b',
      '\ud800',
      '😀',
    ];
    for (const text of samples) {
      expect(isSendableMessage(text), JSON.stringify(text)).toBe(
        chatMessageSchema.safeParse(text).success,
      );
    }
  });

  it('reports the messages', () => {
    expect(errorsOf(chatMessageSchema, ' ')).toEqual({ '': 'Message cannot be empty' });
    expect(errorsOf(chatMessageSchema, 'x'.repeat(4001))).toEqual({
      '': 'Message cannot exceed 4000 characters',
    });
    expect(errorsOf(chatMessageSchema, null)).toEqual({ '': 'Message cannot be empty' });
  });
});

describe('map selection', () => {
  const place = { address: '1 Main St', placeId: 'p1', latitude: 40.7, longitude: -74 };
  it('accepts a suggestion with geometry', () => {
    expect(selectionFromSuggestion(place)).toEqual({ ok: true, selection: place });
  });

  it.each([
    [null, 'Please select a valid address from the dropdown'],
    [undefined, 'Please select a valid address from the dropdown'],
    [
      { ...place, latitude: null },
      'The selected place has no location. Please choose another address.',
    ],
    [
      { address: '1 Main St', placeId: 'p1' },
      'The selected place has no location. Please choose another address.',
    ],
    [{ ...place, address: ' ' }, 'Please select a valid address from the dropdown'],
    [{ ...place, placeId: null }, 'Please select a valid address from the dropdown'],
    [{ ...place, latitude: 91 }, 'Latitude must be between -90 and 90'],
    [{ ...place, longitude: -181 }, 'Longitude must be between -180 and 180'],
  ])('%j -> %s', (suggestion, message) => {
    const result = selectionFromSuggestion(suggestion);
    expect(result.ok ? null : result.message.defaultMessage).toBe(message);
  });

  it('the schema rejects unknown properties and non-objects', () => {
    expect(errorsOf(mapSelectionSchema, { ...place, extra: 1 })).toEqual({ '': 'Unknown field' });
    expect(errorsOf(mapSelectionSchema, 'Main St')).toEqual({
      '': 'Please select a valid address from the dropdown',
    });
  });
});

describe('coordinates typed by hand (docs/product.md#full-calculator)', () => {
  it.each([
    ['42.8746', 42.8746],
    [' -74,5698 ', -74.5698],
    ['+0', 0],
    ['−12.5', -12.5],
    ['180', 180],
    ['', Number.NaN],
    ['42.87N', Number.NaN],
    ['1e2', Number.NaN],
    ['4 2', Number.NaN],
  ])('parseDegrees(%j) is %s', (text, degrees) => {
    expect(parseDegrees(text)).toBe(degrees);
  });

  it('accepts latitude -90..90 and longitude -180..180 as numbers', () => {
    expect(typedCoordinatesSchema.parse({ latitude: '42,8746', longitude: '74.5698' })).toEqual({
      latitude: 42.8746,
      longitude: 74.5698,
    });
    expect(typedCoordinatesSchema.parse({ latitude: '-90', longitude: '-180' })).toEqual({
      latitude: -90,
      longitude: -180,
    });
  });

  it.each([
    [{ latitude: '91', longitude: '74' }, { latitude: 'Latitude must be between -90 and 90' }],
    [{ latitude: '', longitude: '74' }, { latitude: 'Latitude must be between -90 and 90' }],
    [
      { latitude: 'north', longitude: '181' },
      {
        latitude: 'Latitude must be between -90 and 90',
        longitude: 'Longitude must be between -180 and 180',
      },
    ],
    [{ latitude: '42' }, { longitude: 'Longitude must be between -180 and 180' }],
  ])('%j -> a message per field', (input, errors) => {
    expect(errorsOf(typedCoordinatesSchema, input)).toEqual(errors);
  });
});
