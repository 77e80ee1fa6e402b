import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from './contract.ts';
import {
  ERROR_CODE_MESSAGES,
  ERROR_CODE_STATUS,
  GLOBAL_ERROR,
  describeApiFailure,
  errorBody,
  errorCodeForStatus,
  errorText,
  fieldErrors,
  geolocationErrorMessage,
  globalErrorMessage,
  globalErrorToast,
  isApiErrorCode,
  loadFailureMessage,
  resourceLoadWarning,
  truncate,
  validationErrorBody,
} from './errors.ts';
import { signUpSchema } from './validation.ts';

describe('error codes', () => {
  it('lists the contract codes, each with a status and a message', () => {
    for (const code of [
      'validation_failed',
      'invalid_credentials',
      'account_inactive',
      'email_taken',
      'unauthenticated',
      'token_expired',
      'forbidden',
      'not_found',
      'conflict',
      'rate_limited',
      'payload_too_large',
      'unsupported_media_type',
      'internal',
      'invalid_token',
    ]) {
      expect(isApiErrorCode(code)).toBe(true);
    }
    for (const code of API_ERROR_CODES) {
      expect(ERROR_CODE_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_CODE_MESSAGES[code].defaultMessage).not.toBe('');
    }
    expect(isApiErrorCode('teapot')).toBe(false);
  });

  it.each([
    [400, 'validation_failed'],
    [401, 'unauthenticated'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [413, 'payload_too_large'],
    [415, 'unsupported_media_type'],
    [429, 'rate_limited'],
    [500, 'internal'],
    [502, 'bad_gateway'],
    [503, 'service_unavailable'],
    [418, 'internal'],
  ])('status %i is %s', (status, code) => {
    expect(errorCodeForStatus(status)).toBe(code);
  });

  it('builds bodies', () => {
    expect(errorBody('email_taken')).toEqual({
      code: 'email_taken',
      message: 'An account with this email already exists.',
    });
    expect(errorBody('rate_limited', 'Rate limit exceeded: max 100 requests per hour')).toEqual({
      code: 'rate_limited',
      message: 'Rate limit exceeded: max 100 requests per hour',
    });
  });
});

describe('validation error bodies', () => {
  it('answers English text per field, the first issue as message', () => {
    const issues = signUpSchema.safeParse({
      name: 'A',
      email: 'x',
      password: 'abc',
      confirmPassword: 'abd',
      extra: 1,
    }).error!.issues;
    expect(validationErrorBody(issues)).toEqual({
      code: 'validation_failed',
      message: 'Name must be at least 2 characters',
      errors: {
        name: 'Name must be at least 2 characters',
        email: 'Please enter a valid email address',
        password: 'Password must be at least 8 characters',
        confirmPassword: 'Passwords do not match',
        extra: 'Unknown field',
      },
    });
  });

  it('keys nested paths with dots and the whole input as body', () => {
    expect(
      fieldErrors([
        { path: ['context', 'locale'], message: 'validation.locale' },
        { path: [], message: 'validation.invalidBody' },
      ]),
    ).toEqual({
      'context.locale': 'validation.locale',
      body: 'validation.invalidBody',
    });
    expect(validationErrorBody([])).toEqual({
      code: 'validation_failed',
      message: 'Invalid value',
      errors: {},
    });
  });
});

describe('API failure rules', () => {
  it('turns 403 into the Authorization Error toast', () => {
    expect(
      describeApiFailure({
        status: 403,
        statusText: 'Forbidden',
        body: { message: 'nope', code: 'account_inactive' },
      }),
    ).toEqual({
      status: 403,
      code: 'account_inactive',
      message: 'You are not authorized to do that',
      title: { id: 'api.authorizationErrorTitle', defaultMessage: 'Authorization Error' },
    });
  });

  it.each([
    [
      {
        status: 409,
        statusText: 'Conflict',
        body: { message: 'Email taken', code: 'email_taken' },
      },
      'Email taken',
      'email_taken',
    ],
    [
      { status: 500, statusText: 'Internal Server Error', body: null },
      'HTTP 500: Internal Server Error',
      'internal',
    ],
    [
      { status: 502, statusText: 'Bad Gateway', body: '<html>' },
      'HTTP 502: Bad Gateway',
      'bad_gateway',
    ],
    [{ status: 404, body: { message: '  ', code: 'weird' } }, 'HTTP 404: ', 'not_found'],
    [
      {
        status: 401,
        statusText: 'Unauthorized',
        body: { message: 'Token expired', code: 'token_expired' },
      },
      'Token expired',
      'token_expired',
    ],
  ])('%j -> %s', (input, message, code) => {
    const failure = describeApiFailure(input);
    expect(failure.message).toBe(message);
    expect(failure.code).toBe(code);
    expect(failure.title).toBeNull();
  });

  it('passes field errors through', () => {
    const body = {
      message: 'Name is required',
      code: 'validation_failed',
      errors: { name: 'Name is required' },
    };
    expect(describeApiFailure({ status: 400, statusText: 'Bad Request', body }).errors).toEqual({
      name: 'Name is required',
    });
  });
});

describe('global error handler', () => {
  const text = (value: ReturnType<typeof globalErrorMessage>) =>
    typeof value === 'string' ? value : value.defaultMessage;

  it.each([
    ['Network Error', 'Unable to connect to the server. Please check your internet connection.'],
    [
      'TypeError: Failed to fetch',
      'Unable to connect to the server. Please check your internet connection.',
    ],
    [
      'NetworkError when attempting to fetch resource.',
      'Unable to connect to the server. Please check your internet connection.',
    ],
    ['Network request failed', 'Network connection failed. Please try again.'],
    ['Load failed', 'Failed to load resource. Please refresh the page.'],
    ['Script error.', 'A script error occurred. Please refresh the page.'],
    [
      'ChunkLoadError: Loading chunk 42 failed.',
      'Failed to load application resources. Please refresh the page.',
    ],
    ['Chunk load error', 'Failed to load application resources. Please refresh the page.'],
    [
      'Failed to fetch dynamically imported module: /assets/x.js',
      'Failed to load application resources. Please refresh the page.',
    ],
    ['Request failed with status 401', 'Your session has expired. Please sign in again.'],
    ['Unauthorized', 'Your session has expired. Please sign in again.'],
    ['HTTP 403: Forbidden', 'You do not have permission to perform this action.'],
    ['forbidden', 'You do not have permission to perform this action.'],
    ['HTTP 404', 'The requested resource was not found.'],
    ['User Not Found', 'The requested resource was not found.'],
    ['HTTP 500: Internal Server Error', 'Server error occurred. Please try again later.'],
    ['Cannot read properties of undefined', 'Cannot read properties of undefined'],
    ['', 'An unexpected error occurred. Please try again.'],
    ['   ', 'An unexpected error occurred. Please try again.'],
    ['Code 4010 and 5000 are not statuses', 'Code 4010 and 5000 are not statuses'],
  ])('%j -> %s', (message, expected) => {
    expect(text(globalErrorMessage(new Error(message)))).toBe(expected);
    expect(text(globalErrorMessage(message))).toBe(expected);
  });

  it('reads the error name too (ChunkLoadError)', () => {
    const error = Object.assign(new Error('Loading failed for x.js'), { name: 'ChunkLoadError' });
    expect(text(globalErrorMessage(error))).toBe(
      'Failed to load application resources. Please refresh the page.',
    );
  });

  it('extracts text from anything thrown', () => {
    expect(errorText(new Error('boom'))).toBe('boom');
    expect(errorText({ message: 'obj' })).toBe('obj');
    expect(errorText({ message: 42 })).toBe('');
    expect(errorText(42)).toBe('');
    expect(errorText(null)).toBe('');
    expect(text(globalErrorMessage(undefined))).toBe(
      'An unexpected error occurred. Please try again.',
    );
  });

  it('truncates to 150 characters', () => {
    const long = 'e'.repeat(151);
    expect(truncate('e'.repeat(150))).toBe('e'.repeat(150));
    expect(truncate(long)).toBe(`${'e'.repeat(147)}...`);
    expect(truncate(long)).toHaveLength(150);
    expect(globalErrorMessage(new Error(long))).toBe(`${'e'.repeat(147)}...`);
    expect(truncate('😀'.repeat(151))).toBe(`${'😀'.repeat(147)}...`);
    expect(truncate('abcdef', 2)).toBe('...');
  });

  it('titles errors for 8 s and warnings for 5 s', () => {
    expect(globalErrorToast(new Error('Script error.'))).toEqual({
      severity: 'error',
      title: { id: 'globalError.unexpectedErrorTitle', defaultMessage: 'Unexpected Error' },
      message: {
        id: 'globalError.scriptError',
        defaultMessage: 'A script error occurred. Please refresh the page.',
      },
      durationMs: 8000,
    });
    const warning = globalErrorToast('odd', 'warning');
    expect([warning.title.defaultMessage, warning.message, warning.durationMs]).toEqual([
      'Warning',
      'odd',
      5000,
    ]);
    expect(resourceLoadWarning()).toMatchObject({
      severity: 'warning',
      durationMs: 5000,
      message: { id: 'globalError.loadFailed' },
    });
    expect(GLOBAL_ERROR).toEqual({
      errorDurationMs: 8000,
      warningDurationMs: 5000,
      maxMessageLength: 150,
    });
  });
});

describe('geolocation errors', () => {
  it.each([
    ['unsupported', 'geolocation.notSupported'],
    [1, 'geolocation.permissionDenied'],
    [2, 'geolocation.positionUnavailable'],
    [3, 'geolocation.timeout'],
    [99, 'geolocation.positionUnavailable'],
  ] as const)('%s -> %s', (code, id) => {
    expect(geolocationErrorMessage(code).id).toBe(id);
  });
});

describe('loadFailureMessage (mapping for a screen that could not load its data)', () => {
  const own = { id: 'users.loadFailed', defaultMessage: 'Failed to load users' };
  it('says the server could not be reached when the request never arrived', () => {
    expect(loadFailureMessage({ status: 0, code: 'network' }, own).defaultMessage).toBe(
      'Unable to connect to the server. Please check your internet connection.',
    );
    expect(loadFailureMessage({ status: 0 }, own).id).toBe('globalError.connection');
  });
  it("keeps the screen's own message when the server answered", () => {
    expect(loadFailureMessage({ status: 500, code: 'internal' }, own)).toBe(own);
    expect(loadFailureMessage({ status: 404, code: 'not_found' }, own)).toBe(own);
    expect(loadFailureMessage(null, own)).toBe(own);
  });
});
