/**
 * The password checklist of docs/product.md#accounts-and-sessions (reset password), apart from the
 * zod schemas of validation.ts so that a form showing a password field does not load them;
 * validation.ts re-exports it.
 */
import { LIMITS } from './internal/limits.ts';
import { passwordRequirementMessages, type MessageDescriptor } from './messages.ts';

/** One item of the reset-password live checklist (docs/product.md#accounts-and-sessions). */
export interface PasswordRequirement {
  readonly id: 'minLength' | 'lowercase' | 'uppercase' | 'digit';
  readonly met: boolean;
  readonly message: MessageDescriptor;
}

/**
 * The live checklist of docs/product.md#accounts-and-sessions (reset password) for `password`: at
 * least 8 characters, a lowercase letter, an uppercase letter, a digit (letters of any script).
 */
export function passwordRequirements(password: string): PasswordRequirement[] {
  const r = passwordRequirementMessages;
  return [
    { id: 'minLength', met: password.length >= LIMITS.passwordMin, message: r.minLength },
    { id: 'lowercase', met: /\p{Ll}/u.test(password), message: r.lowercase },
    { id: 'uppercase', met: /\p{Lu}/u.test(password), message: r.uppercase },
    { id: 'digit', met: /\p{Nd}/u.test(password), message: r.digit },
  ];
}
