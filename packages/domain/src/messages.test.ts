import { describe, expect, it } from 'vitest';
import { formatMessage, messageDescriptor, messageText } from './message-text.ts';
import * as catalogue from './messages.ts';
import {
  allMessages,
  apiMessages,
  authMessages,
  calculatorMessages,
  chatMessages,
  globalErrorMessages,
  userMessages,
  validationMessages,
} from './messages.ts';
import { allPipelineMessages } from './pipeline-messages.ts';

describe('the message catalogue', () => {
  it('keys every descriptor by its own id, ids unique and namespaced', () => {
    const entries = Object.entries(allMessages);
    // The pipeline's words (pipeline-messages.ts) are keyed by status and action: counted whole.
    const pipelineGroups = ['allMessages', 'projectStatusMessages', 'pipelineActionMessages'];
    const groups = Object.entries(catalogue).filter(
      ([name]) => name.endsWith('Messages') && !pipelineGroups.includes(name),
    );
    const total = groups.reduce(
      (sum, [, group]) => sum + Object.keys(group as object).length,
      allPipelineMessages.length,
    );
    expect(groups.length).toBe(17);
    expect(entries.length).toBe(total);
    for (const [id, descriptor] of entries) {
      expect(descriptor.id).toBe(id);
      expect(id).toMatch(/^[a-zA-Z]+(\.[a-zA-Z_]+)+$/);
      expect(descriptor.defaultMessage.trim()).not.toBe('');
    }
  });

  it('keeps the ids the first version published', () => {
    expect(validationMessages.fillAllFields).toEqual({
      id: 'validation.fillAllFields',
      defaultMessage: 'Please fill in all fields',
    });
    expect(validationMessages.invalidEmail.id).toBe('validation.invalidEmail');
  });

  it.each([
    [validationMessages.nameTooShort, 'Name must be at least 2 characters'],
    [
      validationMessages.passwordComplexity,
      'Password must contain uppercase, lowercase, and number',
    ],
    [validationMessages.passwordsMismatch, 'Passwords do not match'],
    [validationMessages.confirmRequired, 'Please confirm your password'],
    [validationMessages.passwordTooShortAdmin, 'Password must be at least 6 characters'],
    [validationMessages.invalidImageType, 'Please upload a valid image file (JPEG, PNG, or WebP)'],
    [validationMessages.imageTooLarge, 'File size must be less than 10MB'],
    [validationMessages.titleTooLong, 'Title cannot exceed 200 characters'],
    [authMessages.loginFailed, 'Login failed. Please check your credentials.'],
    [authMessages.registrationFailed, 'Registration failed. Please try again.'],
    [authMessages.googleLoginFailed, 'Google login failed. Please try again.'],
    [authMessages.somethingWentWrong, 'Something went wrong. Please try again later.'],
    [authMessages.resetFailed, 'Failed to reset password. Please try again.'],
    [authMessages.profileUpdateFailed, 'Failed to update profile.'],
    [authMessages.refreshFailed, 'Token expired and refresh failed. Please sign in again.'],
    [authMessages.noRefreshToken, 'No refresh token available'],
    [
      calculatorMessages.imageProcessingFailed,
      'Failed to process the image. Please try again or enter the amount manually.',
    ],
    [apiMessages.authorizationErrorTitle, 'Authorization Error'],
    [apiMessages.notAuthorized, 'You are not authorized to do that'],
    [chatMessages.authFailed, 'Authentication failed. Please sign in again.'],
    [chatMessages.parseError, '[Parse Error]'],
    [chatMessages.genericError, 'Sorry, an error occurred. Please try again.'],
    [userMessages.loadFailed, 'Failed to load users'],
    [userMessages.emptyNone, 'No users found'],
    [userMessages.emptyFiltered, 'No users match your current filters'],
    [globalErrorMessages.unexpectedErrorTitle, 'Unexpected Error'],
  ])('%j carries the spec wording', (descriptor, text) => {
    expect(descriptor.defaultMessage).toBe(text);
    expect(messageText(descriptor.id)).toBe(text);
  });

  it('answers the id itself for an unknown id, also for inherited names', () => {
    expect(messageText('nope.nothing')).toBe('nope.nothing');
    expect(messageText('toString')).toBe('toString');
    expect(messageDescriptor('nope')).toEqual({ id: 'nope', defaultMessage: 'nope' });
    expect(messageDescriptor('validation.invalidValue')).toBe(validationMessages.invalidValue);
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(formatMessage(apiMessages.httpStatus, { status: 502, statusText: 'Bad Gateway' })).toBe(
      'HTTP 502: Bad Gateway',
    );
    expect(formatMessage('calculator.rateLimitExceeded', { max: 100 })).toBe(
      'Rate limit exceeded: max 100 requests per hour',
    );
    expect(formatMessage(apiMessages.httpStatus)).toBe('HTTP {status}: {statusText}');
    expect(formatMessage('plain {x}', { x: 1 })).toBe('plain 1');
  });
});
