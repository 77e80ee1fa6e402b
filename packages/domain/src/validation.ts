/**
 * Form validation (docs/product.md#limits) as zod schemas, used by the web forms and, through
 * requests.ts, by the server. Each issue's message is a message id of messages.ts; the web
 * translates it, the server answers its English default ({@link messageText}).
 */
import { LOCALES } from './constants.ts';
import { z } from './internal/zod.ts';
import {
  EMAIL_PATTERN,
  LIMITS,
  booleanField,
  confirmField,
  emailField,
  nameField,
  passwordField,
  requiredText,
  strict,
  text,
  withMatchingConfirm,
} from './internal/fields.ts';
import { messageDescriptor } from './message-text.ts';
import { validationMessages as m, type MessageDescriptor } from './messages.ts';
import { DEFAULT_ROLE, ROLE_KEYS } from './roles.ts';

export { EMAIL_PATTERN };

/** Length limits in characters (docs/product.md#limits): names, passwords, titles, chat. */
export const TEXT_LIMITS = LIMITS;

/** Sign-in (docs/product.md#accounts-and-sessions): both fields required ('Please fill in all fields'), valid email. */
export const signInSchema = strict({
  email: emailField(m.fillAllFields.id),
  password: z.string({ error: m.fillAllFields.id }).min(1, m.fillAllFields.id),
});
/** The sign-in form and request body. */
export type SignInInput = z.infer<typeof signInSchema>;

/**
 * The language of the account's mail, one of en, es, ru (docs/product.md#mail): the
 * interface language the user chose in the app.
 */
export const localeField = () => z.enum(LOCALES, { error: m.locale.id });

const signUpFields = {
  name: nameField(),
  email: emailField(),
  password: passwordField('user'),
  confirmPassword: confirmField(),
  /** The interface language at sign-up (absent: the browser's Accept-Language). */
  locale: localeField().optional(),
};

/**
 * The sign-up request body (docs/product.md#accounts-and-sessions; the OpenAPI document): name >=
 * 2, password >= 8 mixed; the optional `locale` is the language of the account's mail.
 */
export const signUpSchema = withMatchingConfirm(strict(signUpFields));
/** The sign-up request body. */
export type SignUpInput = z.infer<typeof signUpSchema>;

/** The sign-up form (docs/product.md#accounts-and-sessions): the request fields plus the required terms checkbox. */
export const signUpFormSchema = withMatchingConfirm(
  strict({ ...signUpFields, terms: z.literal(true, { error: m.acceptTerms.id }) }),
);
/** The sign-up form values. */
export type SignUpFormInput = z.infer<typeof signUpFormSchema>;

/** Forgot password (docs/product.md#accounts-and-sessions): a valid email. Also the request body. */
export const forgotPasswordSchema = strict({ email: emailField() });
/** The forgot-password form and request body. */
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** Reset password form (docs/product.md#accounts-and-sessions): password >= 8 mixed; confirm required and equal. */
export const resetPasswordFormSchema = withMatchingConfirm(
  strict({ password: passwordField('user'), confirmPassword: confirmField() }),
);
/** The reset-password form values. */
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/**
 * Profile edit (docs/product.md#accounts-and-sessions): name >= 2 and a valid email;
 * `currentPassword` is needed (by the server) when the email changes. Also `PUT /auth/me`.
 */
export const profileSchema = strict({
  name: nameField(),
  email: emailField(),
  currentPassword: z
    .string({ error: m.currentPasswordRequired.id })
    .max(LIMITS.passwordMax, m.passwordTooLong.id)
    .optional(),
});
/** The profile form and request body. */
export type ProfileInput = z.infer<typeof profileSchema>;

/** The current password, required (change password; an email change). Not trimmed. */
const currentPasswordField = () =>
  z
    .string({ error: m.currentPasswordRequired.id })
    .min(1, m.currentPasswordRequired.id)
    .max(LIMITS.passwordMax, m.passwordTooLong.id);

/**
 * Change password (profile): the current password, and a new one with the
 * sign-up rules (>= 8, lower, upper, digit) confirmed.
 */
export const changePasswordFormSchema = withMatchingConfirm(
  strict({
    currentPassword: currentPasswordField(),
    password: passwordField('user'),
    confirmPassword: confirmField(),
  }),
);
/** The change-password form values. */
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

const roleField = z.enum(ROLE_KEYS, { error: m.userTypeRequired.id });

/**
 * Admin create user form (docs/product.md#user-administration): name, email, password >= 6
 * ('Password must be at least 6 characters'), confirm; userType (session key) defaults to
 * client_residential, emailConfirmed to false. Convert userType with `roleToUserType` for the
 * request.
 */
export const adminCreateUserFormSchema = withMatchingConfirm(
  strict({
    name: nameField(1),
    email: emailField(),
    password: passwordField('admin'),
    confirmPassword: confirmField(),
    userType: roleField.default(DEFAULT_ROLE),
    emailConfirmed: booleanField().default(false),
    locale: localeField().default('en'),
  }),
);
/** The admin create form values. */
export type AdminCreateUserFormInput = z.infer<typeof adminCreateUserFormSchema>;

/**
 * Admin edit user form (docs/product.md#user-administration): name, email and userType required;
 * `locale`, the language of the user's mail.
 */
export const adminEditUserFormSchema = strict({
  name: nameField(1),
  email: emailField(),
  userType: roleField,
  emailConfirmed: booleanField(),
  isActive: booleanField(),
  locale: localeField(),
});
/** The admin edit form values. */
export type AdminEditUserFormInput = z.infer<typeof adminEditUserFormSchema>;

export { passwordRequirements, type PasswordRequirement } from './password.ts';

export {
  BILL_IMAGE_MAX_BYTES,
  BILL_IMAGE_TYPES,
  detectImageType,
  validateBillImage,
  type ImageKind,
} from './bill-image.ts';

/** A conversation title (docs/product.md#ai-chat): trimmed, 1..200 characters. */
export const conversationTitleSchema = text(m.titleRequired.id)
  .trim()
  .min(1, m.titleRequired.id)
  .max(LIMITS.titleMax, m.titleTooLong.id);

/** A chat message (docs/product.md#ai-chat): not empty or whitespace-only; at most 4000 characters. */
export const chatMessageSchema = text(m.messageRequired.id)
  .refine((message) => message.trim() !== '', m.messageRequired.id)
  .max(LIMITS.chatMessageMax, m.messageTooLong.id);

/** A place picked on the map (docs/product.md#full-calculator, map location selection). */
export const mapSelectionSchema = strict(
  {
    address: requiredText(m.addressFromDropdown.id),
    latitude: z
      .number({ error: m.placeWithoutGeometry.id })
      .min(-90, m.latitude.id)
      .max(90, m.latitude.id),
    longitude: z
      .number({ error: m.placeWithoutGeometry.id })
      .min(-180, m.longitude.id)
      .max(180, m.longitude.id),
    placeId: requiredText(m.addressFromDropdown.id),
  },
  m.addressFromDropdown.id,
);
/**
 * Decimal degrees typed by hand ("42.8746", "-74,5698"; a comma or a point, surrounding
 * spaces ignored) as a number, or NaN when it is no such number.
 */
export function parseDegrees(value: string): number {
  const cleaned = value.trim().replace(',', '.').replace('−', '-');
  return /^[-+]?\d{1,3}(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

const typedDegrees = (limit: number, message: string) =>
  z
    .string({ error: message })
    .transform(parseDegrees)
    .pipe(z.number({ error: message }).min(-limit, message).max(limit, message));

/**
 * Coordinates typed by hand in the full calculator's location step (docs/product.md#full-calculator:
 * the way on when neither the map nor the address search can place the site): latitude
 * -90..90 and longitude -180..180, decimal degrees, each with its own field message.
 */
export const typedCoordinatesSchema = strict({
  latitude: typedDegrees(90, m.latitude.id),
  longitude: typedDegrees(180, m.longitude.id),
});
/** Typed coordinates after parsing: degrees. */
export type TypedCoordinates = z.output<typeof typedCoordinatesSchema>;

/** A map location selection: address, latitude, longitude (degrees), placeId. */
export type MapSelection = z.infer<typeof mapSelectionSchema>;

/** A suggestion from the address dropdown; coordinates are absent without geometry. */
export interface PlaceSuggestion {
  readonly address?: string | null;
  readonly placeId?: string | null;
  readonly latitude?: number | null;
  readonly longitude?: number | null;
}

/**
 * Map address rule (docs/product.md#full-calculator): the address must come from a dropdown
 * suggestion ('Please select a valid address from the dropdown'); a suggestion without geometry is
 * refused with its own message.
 */
export function selectionFromSuggestion(
  suggestion: PlaceSuggestion | null | undefined,
):
  | { readonly ok: true; readonly selection: MapSelection }
  | { readonly ok: false; readonly message: MessageDescriptor } {
  if (!suggestion) return { ok: false, message: m.addressFromDropdown };
  if (suggestion.latitude == null || suggestion.longitude == null) {
    return { ok: false, message: m.placeWithoutGeometry };
  }
  const result = mapSelectionSchema.safeParse(suggestion);
  if (result.success) return { ok: true, selection: result.data };
  return { ok: false, message: messageDescriptor(result.error.issues[0]?.message ?? '') };
}
