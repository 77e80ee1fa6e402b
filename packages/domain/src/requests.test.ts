import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messageText } from './message-text.ts';
import { allMessages } from './messages.ts';
import {
  adminCreateUserRequestSchema,
  adminUpdateUserRequestSchema,
  adminUserListQuerySchema,
  chatStreamRequestSchema,
  conversationsQuerySchema,
  forgotPasswordRequestSchema,
  geoReverseQuerySchema,
  geoSearchQuerySchema,
  googleSignInRequestSchema,
  externalSignInStartRequestSchema,
  localeUpdateRequestSchema,
  profileUpdateRequestSchema,
  projectCreateRequestSchema,
  projectUpdateRequestSchema,
  projectsQuerySchema,
  refreshRequestSchema,
  resetPasswordRequestSchema,
  signInRequestSchema,
  signOutRequestSchema,
  signUpRequestSchema,
  titleUpdateRequestSchema,
  verifyEmailRequestSchema,
} from './requests.ts';

const errorsOf = (schema: z.ZodType, input: unknown): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? []) {
    errors[issue.path.join('.')] ??= messageText(issue.message);
  }
  return errors;
};

const schemas: Record<string, z.ZodType> = {
  signUp: signUpRequestSchema,
  signIn: signInRequestSchema,
  refresh: refreshRequestSchema,
  signOut: signOutRequestSchema,
  profileUpdate: profileUpdateRequestSchema,
  forgot: forgotPasswordRequestSchema,
  reset: resetPasswordRequestSchema,
  verifyEmail: verifyEmailRequestSchema,
  googleSignIn: googleSignInRequestSchema,
  externalSignInStart: externalSignInStartRequestSchema,
  localeUpdate: localeUpdateRequestSchema,
  adminUserListQuery: adminUserListQuerySchema,
  adminCreateUser: adminCreateUserRequestSchema,
  adminUpdateUser: adminUpdateUserRequestSchema,
  chatStream: chatStreamRequestSchema,
  titleUpdate: titleUpdateRequestSchema,
  conversationsQuery: conversationsQuerySchema,
  projectCreate: projectCreateRequestSchema,
  projectUpdate: projectUpdateRequestSchema,
  projectsQuery: projectsQuerySchema,
  geoReverseQuery: geoReverseQuerySchema,
  geoSearchQuery: geoSearchQuerySchema,
};

describe('every request schema', () => {
  it.each(Object.entries(schemas))('%s rejects unknown properties and non-objects', (_, schema) => {
    const issues = schema.safeParse({ unexpectedProperty: 1 }).error?.issues ?? [];
    expect(issues.some((i) => i.code === 'unrecognized_keys')).toBe(true);
    expect(schema.safeParse(null).success).toBe(false);
    expect(schema.safeParse([]).success).toBe(false);
  });

  it.each(Object.entries(schemas))('%s only ever answers with known message ids', (_, schema) => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(''),
    );
    const keys = [
      'name',
      'email',
      'password',
      'confirmPassword',
      'token',
      'refreshToken',
      'code',
      'redirectUri',
      'pageNumber',
      'pageSize',
      'sortBy',
      'descending',
      'searchTerm',
      'userType',
      'isEmailConfirmed',
      'emailConfirmed',
      'isActive',
      'message',
      'conversationId',
      'context',
      'title',
      'page',
      'location',
      'configuration',
      'isDraft',
      'scope',
      'lat',
      'lon',
      'q',
      'other',
    ];
    const input = fc.oneof(
      fc.anything(),
      fc.dictionary(fc.constantFrom(...keys), fc.oneof(value, fc.anything())),
    );
    fc.assert(
      fc.property(input, (body) => {
        for (const issue of schema.safeParse(body).error?.issues ?? []) {
          expect(allMessages[issue.message], issue.message).toBeDefined();
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('auth request bodies', () => {
  it('sign-up needs the section 5 rules and no terms', () => {
    expect(
      errorsOf(signUpRequestSchema, {
        name: 'A',
        email: 'a@b.co',
        password: 'Abcdefg1',
        confirmPassword: 'Abcdefg1',
      }),
    ).toEqual({
      name: 'Name must be at least 2 characters',
    });
  });

  it.each([
    [refreshRequestSchema, { refreshToken: 'r' }, {}],
    [refreshRequestSchema, { refreshToken: '' }, { refreshToken: 'Token is required' }],
    [refreshRequestSchema, { refreshToken: 'x'.repeat(2049) }, { refreshToken: 'Invalid value' }],
    [signOutRequestSchema, {}, { refreshToken: 'Token is required' }],
    [verifyEmailRequestSchema, { token: 't' }, {}],
    [googleSignInRequestSchema, { code: 'c', redirectUri: 'http://localhost/cb', state: 's' }, {}],
    [
      googleSignInRequestSchema,
      { code: 'c', redirectUri: 'https://solar.example/signin/callback', state: 's', iss: 'i' },
      {},
    ],
    [
      googleSignInRequestSchema,
      { code: '', redirectUri: 'http://localhost/cb', state: 's' },
      { code: 'Authorization code is required' },
    ],
    [
      googleSignInRequestSchema,
      { code: 'c', redirectUri: 'http://localhost/cb' },
      { state: 'The state of the sign-in is required' },
    ],
    [
      googleSignInRequestSchema,
      { code: 'c', redirectUri: 5, state: 's' },
      { redirectUri: 'Redirect URI must be an http(s) URL without query or fragment' },
    ],
    ...[
      'postmessage',
      'javascript:alert(1)',
      'http://localhost/cb?x=1',
      'https://a.example/#f',
    ].map(
      (redirectUri) =>
        [
          externalSignInStartRequestSchema,
          { redirectUri },
          { redirectUri: 'Redirect URI must be an http(s) URL without query or fragment' },
        ] as const,
    ),
    [
      externalSignInStartRequestSchema,
      { redirectUri: 'http://127.0.0.1:3000/signin/callback' },
      {},
    ],
    [
      googleSignInRequestSchema,
      { code: 'c', redirectUri: 'http://localhost/cb', state: 's', locale: 'es' },
      {},
    ],
    [
      googleSignInRequestSchema,
      { code: 'c', redirectUri: 'http://localhost/cb', state: 's', locale: 'EN' },
      { locale: 'Language must be en, es or ru' },
    ],
    [
      signUpRequestSchema,
      {
        name: 'Ann',
        email: 'a@b.co',
        password: 'Abcdefg1',
        confirmPassword: 'Abcdefg1',
        locale: 'ru',
      },
      {},
    ],
    [
      signUpRequestSchema,
      {
        name: 'Ann',
        email: 'a@b.co',
        password: 'Abcdefg1',
        confirmPassword: 'Abcdefg1',
        locale: 'fr',
      },
      { locale: 'Language must be en, es or ru' },
    ],
    [localeUpdateRequestSchema, { locale: 'ru' }, {}],
    [localeUpdateRequestSchema, {}, { locale: 'Language must be en, es or ru' }],
    [localeUpdateRequestSchema, { locale: 'ru', extra: 1 }, { '': 'Unknown field' }],
    [
      resetPasswordRequestSchema,
      { token: 't', password: 'Abcdefg1', confirmPassword: 'Abcdefg1' },
      {},
    ],
    [
      resetPasswordRequestSchema,
      { password: 'Abcdefg1', confirmPassword: 'x' },
      { token: 'Token is required', confirmPassword: 'Passwords do not match' },
    ],
    [profileUpdateRequestSchema, { name: 'Ann', email: 'a@b.co' }, {}],
    [forgotPasswordRequestSchema, { email: 'a@b.co' }, {}],
  ] as const)('case %#', (schema, input, errors) => {
    expect(errorsOf(schema, input)).toEqual(errors);
  });
});

describe('GET /admin/users query', () => {
  it('applies the defaults', () => {
    expect(adminUserListQuerySchema.parse({})).toEqual({
      pageNumber: 1,
      pageSize: 10,
      sortBy: 'createdAt',
      descending: true,
    });
  });

  it('coerces query-string values and treats empty ones as absent', () => {
    expect(
      adminUserListQuerySchema.parse({
        pageNumber: '3',
        pageSize: '100',
        sortBy: 'lastLoginAt',
        descending: 'false',
        searchTerm: '  ann ',
        userType: '0',
        isEmailConfirmed: 'true',
      }),
    ).toEqual({
      pageNumber: 3,
      pageSize: 100,
      sortBy: 'lastLoginAt',
      descending: false,
      searchTerm: 'ann',
      userType: 0,
      isEmailConfirmed: true,
    });
    expect(
      adminUserListQuerySchema.parse({ searchTerm: ' ', userType: '', isEmailConfirmed: '' }),
    ).toEqual({
      pageNumber: 1,
      pageSize: 10,
      sortBy: 'createdAt',
      descending: true,
      searchTerm: undefined,
      userType: undefined,
      isEmailConfirmed: undefined,
    });
  });

  it.each([
    [{ pageNumber: '0' }, { pageNumber: 'Page number must be a whole number of at least 1' }],
    [{ pageNumber: '1.5' }, { pageNumber: 'Page number must be a whole number of at least 1' }],
    [{ pageNumber: 'two' }, { pageNumber: 'Page number must be a whole number of at least 1' }],
    [{ pageSize: '0' }, { pageSize: 'Page size must be a whole number from 1 to 100' }],
    [{ pageSize: '1' }, {}],
    [{ pageSize: '101' }, { pageSize: 'Page size must be a whole number from 1 to 100' }],
    [{ sortBy: 'password' }, { sortBy: messageText('validation.sortBy') }],
    [{ descending: 'yes' }, { descending: 'Must be true or false' }],
    [{ userType: '7' }, { userType: 'User type must be a whole number from 0 to 6' }],
    [{ userType: '-1' }, { userType: 'User type must be a whole number from 0 to 6' }],
    [{ userType: '6' }, {}],
    [{ isEmailConfirmed: '1' }, { isEmailConfirmed: 'Must be true or false' }],
    [{ searchTerm: 'x'.repeat(201) }, { searchTerm: 'Search text must be at most 200 characters' }],
    [
      { pageNumber: ['1', '2'] },
      { pageNumber: 'Page number must be a whole number of at least 1' },
    ],
    [{ page: '1' }, { '': 'Unknown field' }],
  ])('query case %#', (query, errors) => {
    expect(errorsOf(adminUserListQuerySchema, query)).toEqual(errors);
  });
});

describe('admin user bodies', () => {
  const create = { name: 'B', email: 'b@x.co', password: 'secret' };
  it('create: password >= 6, userType 0..6 default 4, emailConfirmed default false, locale default en', () => {
    expect(adminCreateUserRequestSchema.parse(create)).toEqual({
      ...create,
      userType: 4,
      emailConfirmed: false,
      locale: 'en',
    });
    expect(adminCreateUserRequestSchema.parse({ ...create, locale: 'ru' }).locale).toBe('ru');
    expect(errorsOf(adminCreateUserRequestSchema, { ...create, locale: 'de' })).toEqual({
      locale: 'Language must be en, es or ru',
    });
    expect(errorsOf(adminCreateUserRequestSchema, { ...create, password: 'short' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(errorsOf(adminCreateUserRequestSchema, { ...create, userType: 'Admin' })).toEqual({
      userType: 'User type must be a whole number from 0 to 6',
    });
    expect(
      errorsOf(adminCreateUserRequestSchema, { ...create, confirmPassword: 'secret' }),
    ).toEqual({ '': 'Unknown field' });
  });

  it('update: every field required but the mail language (absent: unchanged)', () => {
    const update = {
      name: 'B',
      email: 'b@x.co',
      userType: 0,
      emailConfirmed: true,
      isActive: true,
    };
    expect(adminUpdateUserRequestSchema.parse(update)).toEqual(update);
    expect(adminUpdateUserRequestSchema.parse({ ...update, locale: 'es' })).toEqual({
      ...update,
      locale: 'es',
    });
    expect(errorsOf(adminUpdateUserRequestSchema, { name: 'B' })).toEqual({
      email: 'Email is required',
      userType: 'User type must be a whole number from 0 to 6',
      emailConfirmed: 'Must be true or false',
      isActive: 'Must be true or false',
    });
  });
});

describe('names (every schema that takes one)', () => {
  const named: [z.ZodType, Record<string, unknown>][] = [
    [signUpRequestSchema, { email: 'a@b.co', password: 'Secret123', confirmPassword: 'Secret123' }],
    [profileUpdateRequestSchema, { email: 'a@b.co' }],
    [adminCreateUserRequestSchema, { email: 'a@b.co', password: 'secret' }],
    [
      adminUpdateUserRequestSchema,
      { email: 'a@b.co', userType: 4, emailConfirmed: true, isActive: true },
    ],
  ];
  it.each(named)(
    'refuses line breaks and control characters in a name (case %#)',
    (schema, rest) => {
      for (const name of [
        'Aida\r\nBcc: x',
        'Aida\nBekova',
        'Ai\u0007da',
        'Aida\u2028B',
        'Aida\u202Eavokeb',
        '\tAida\tB',
      ]) {
        expect(errorsOf(schema, { ...rest, name })).toEqual({
          name: 'Name cannot contain line breaks or control characters',
        });
      }
      expect(errorsOf(schema, { ...rest, name: 'Айда Бекова-Ким' })).toEqual({});
      // A joiner inside a word of some scripts is kept.
      expect(errorsOf(schema, { ...rest, name: 'Aida \u200d Bek' })).toEqual({});
    },
  );
});

describe('chat requests', () => {
  it('accepts a new conversation with context, conversationId defaulting to null', () => {
    expect(
      chatStreamRequestSchema.parse({ message: 'Hi', context: { botType: 1, locale: 'ru' } }),
    ).toEqual({
      message: 'Hi',
      conversationId: null,
      context: { botType: 1, locale: 'ru' },
    });
    expect(
      chatStreamRequestSchema.parse({ message: 'Hi', conversationId: 'c1' }).conversationId,
    ).toBe('c1');
  });

  it.each([
    [{ message: '   ' }, { message: 'Message cannot be empty' }],
    [{ message: 'x'.repeat(4000) }, {}],
    [{ message: 'x'.repeat(4001) }, { message: 'Message cannot exceed 4000 characters' }],
    [{ message: 'Hi', conversationId: '' }, { conversationId: 'Invalid conversation id' }],
    [{ message: 'Hi', conversationId: 5 }, { conversationId: 'Invalid conversation id' }],
    [
      { message: 'Hi', context: { botType: 2 } },
      { 'context.botType': 'Bot type must be 0 (solar consultant) or 1 (sales specialist)' },
    ],
    [
      { message: 'Hi', context: { locale: 'de' } },
      { 'context.locale': 'Language must be en, es or ru' },
    ],
    [{ message: 'Hi', context: { mood: 'x' } }, { context: 'Unknown field' }],
    [{ message: 'Hi', context: 'x' }, { context: 'Invalid value' }],
    [{}, { message: 'Message cannot be empty' }],
    [{ regenerate: 'keep', conversationId: 'c1' }, {}],
    [{ regenerate: 'replace', conversationId: 'c1' }, {}],
    [{ regenerate: 'twice', conversationId: 'c1' }, { regenerate: 'Invalid value' }],
    [{ regenerate: 'keep' }, { conversationId: 'Invalid conversation id' }],
    [{ regenerate: 'keep', conversationId: 'c1', message: 'Hi' }, { message: 'Unknown field' }],
  ])('chat body case %#', (body, errors) => {
    expect(errorsOf(chatStreamRequestSchema, body)).toEqual(errors);
  });

  it.each([
    [{ title: '  Trip  ' }, {}],
    [{ title: '' }, { title: 'Title cannot be empty' }],
    [{ title: 'x'.repeat(200) }, {}],
    [{ title: 'x'.repeat(201) }, { title: 'Title cannot exceed 200 characters' }],
  ])('title case %#', (body, errors) => {
    expect(errorsOf(titleUpdateRequestSchema, body)).toEqual(errors);
  });

  it('trims the title', () => {
    expect(titleUpdateRequestSchema.parse({ title: '  Trip  ' })).toEqual({ title: 'Trip' });
  });

  it('conversations query: page >= 1, pageSize 1..100 default 20', () => {
    expect(conversationsQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(conversationsQuerySchema.parse({ page: '2', pageSize: '50' })).toEqual({
      page: 2,
      pageSize: 50,
    });
    expect(errorsOf(conversationsQuerySchema, { page: '0', pageSize: '101' })).toEqual({
      page: 'Page number must be a whole number of at least 1',
      pageSize: 'Page size must be a whole number from 1 to 100',
    });
  });
});

describe('projects and geo', () => {
  const location = { address: '1 Main St', latitude: 42.87, longitude: 74.59 };
  it('create defaults configuration to null and isDraft to true', () => {
    expect(projectCreateRequestSchema.parse({ location })).toEqual({
      location,
      configuration: null,
      isDraft: true,
    });
    expect(
      projectCreateRequestSchema.parse({
        location: { ...location, placeId: 'p' },
        configuration: { panels: 6 },
        isDraft: false,
      }).configuration,
    ).toEqual({ panels: 6 });
  });

  it.each([
    [{}, { location: 'Address is required' }],
    [{ location: { ...location, address: '' } }, { 'location.address': 'Address is required' }],
    [
      { location: { ...location, latitude: 90.1 } },
      { 'location.latitude': 'Latitude must be between -90 and 90' },
    ],
    [
      { location: { ...location, longitude: 180.5 } },
      { 'location.longitude': 'Longitude must be between -180 and 180' },
    ],
    [
      { location, configuration: [1] },
      { configuration: 'Configuration must be an object or null' },
    ],
    [{ location, isDraft: 'no' }, { isDraft: 'Must be true or false' }],
  ])('create %j -> %j', (body, errors) => {
    expect(errorsOf(projectCreateRequestSchema, body)).toEqual(errors);
  });

  it('update takes any subset', () => {
    expect(projectUpdateRequestSchema.parse({})).toEqual({});
    expect(projectUpdateRequestSchema.parse({ isDraft: false })).toEqual({ isDraft: false });
  });

  it('projects query scope', () => {
    expect(projectsQuerySchema.parse({})).toEqual({ scope: 'own' });
    expect(projectsQuerySchema.parse({ scope: 'all' })).toEqual({ scope: 'all' });
    expect(errorsOf(projectsQuerySchema, { scope: 'mine' })).toEqual({
      scope: 'Scope must be own or all',
    });
  });

  it('geo queries', () => {
    expect(geoReverseQuerySchema.parse({ lat: '42.87', lon: '-74.5' })).toEqual({
      lat: 42.87,
      lon: -74.5,
    });
    expect(errorsOf(geoReverseQuerySchema, { lat: '91', lon: 'x' })).toEqual({
      lat: 'Latitude must be between -90 and 90',
      lon: 'Longitude must be between -180 and 180',
    });
    expect(geoSearchQuerySchema.parse({ q: ' Bishkek ' })).toEqual({ q: 'Bishkek' });
    expect(errorsOf(geoSearchQuerySchema, { q: ' ' })).toEqual({ q: 'Search text is required' });
  });
});
