/**
 * The English message catalogue of the product (docs/product.md#errors-and-messages, #limits and
 * #roles-and-permissions). Every user-facing text the domain knows is a react-intl message
 * descriptor: a stable `id`, looked up in the web app's catalogs (en, es, ru), and the English
 * `defaultMessage` (the spec's exact wording where it has one). Zod issues carry the `id`; the
 * server turns it back into English with `messageText` (message-text.ts).
 */

import { pageTitleMessages } from './page-title-messages.ts';
import {
  allPipelineMessages,
  pipelineActionMessages,
  pipelineListMessages,
  projectStatusMessages,
} from './pipeline-messages.ts';

export { pageTitleMessages, pipelineActionMessages, projectStatusMessages };
export type { PipelineActionMessages } from './pipeline-messages.ts';

/** A user-facing message: `id` for the catalogs, `defaultMessage` in English. */
export interface MessageDescriptor {
  readonly id: string;
  readonly defaultMessage: string;
}

/** Builds a group of descriptors whose ids share a prefix: `group('a', {b: 'B'})` -> `a.b`. */
function group<const T extends Record<string, string>>(
  prefix: string,
  texts: T,
): { readonly [K in keyof T]: MessageDescriptor } {
  const entries = Object.entries(texts).map(([key, text]) => [
    key,
    { id: `${prefix}.${key}`, defaultMessage: text },
  ]);
  return Object.fromEntries(entries) as { readonly [K in keyof T]: MessageDescriptor };
}

/** Validation messages (docs/product.md#limits). */
export const validationMessages = group('validation', {
  fillAllFields: 'Please fill in all fields',
  invalidEmail: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 100 characters',
  nameControlCharacters: 'Name cannot contain line breaks or control characters',
  passwordRequired: 'Password is required',
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'The current password is not correct',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooShortAdmin: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordComplexity: 'Password must contain uppercase, lowercase, and number',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  acceptTerms: 'You must accept the terms and conditions',
  userTypeRequired: 'User type is required',
  invalidImageType: 'Please upload a valid image file (JPEG, PNG, or WebP)',
  imageTooLarge: 'File size must be less than 10MB',
  imageTooManyPixels: 'The image must be at most 40 megapixels',
  titleRequired: 'Title cannot be empty',
  titleTooLong: 'Title cannot exceed 200 characters',
  messageRequired: 'Message cannot be empty',
  messageTooLong: 'Message cannot exceed 4000 characters',
  addressFromDropdown: 'Please select a valid address from the dropdown',
  placeWithoutGeometry: 'The selected place has no location. Please choose another address.',
  addressRequired: 'Address is required',
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
  tokenRequired: 'Token is required',
  codeRequired: 'Authorization code is required',
  stateRequired: 'The state of the sign-in is required',
  redirectUriInvalid: 'Redirect URI must be an http(s) URL without query or fragment',
  unknownField: 'Unknown field',
  invalidBody: 'The request body must be a JSON object',
  invalidValue: 'Invalid value',
  mustBeBoolean: 'Must be true or false',
  nonNegativeNumber: 'Must be a number of zero or more',
  pageNumber: 'Page number must be a whole number of at least 1',
  pageSize: 'Page size must be a whole number from 1 to 100',
  sortBy:
    'Sort field must be one of name, email, userType, isActive, emailConfirmed, createdAt, lastLoginAt',
  userType: 'User type must be a whole number from 0 to 6',
  searchTooLong: 'Search text must be at most 200 characters',
  searchRequired: 'Search text is required',
  conversationId: 'Invalid conversation id',
  botType: 'Bot type must be 0 (solar consultant) or 1 (sales specialist)',
  locale: 'Language must be en, es or ru',
  configuration: 'Configuration must be an object or null',
  scope: 'Scope must be own or all',
  billInputMethod: 'Bill input method must be manual or photo',
});

/** The live checklist of the reset-password screen (docs/product.md#errors-and-messages and #accounts-and-sessions). */
export const passwordRequirementMessages = group('password.requirement', {
  minLength: 'At least 8 characters',
  lowercase: 'One lowercase letter',
  uppercase: 'One uppercase letter',
  digit: 'One number',
});

/** Authentication and profile messages (docs/product.md#errors-and-messages, auth). */
export const authMessages = group('auth', {
  loginFailed: 'Login failed. Please check your credentials.',
  registrationFailed: 'Registration failed. Please try again.',
  googleLoginFailed: 'Google login failed. Please try again.',
  externalSignInFailed: 'Sign-in with your external account failed. Please try again.',
  externalSignInExpired: 'This sign-in has expired or was already used. Please start again.',
  externalEmailUnverified:
    'Your sign-in provider has not verified your email address. Verify it there first, or sign up with email and password.',
  externalIdentityConflict:
    'This email address is linked to a different account at your sign-in provider. Use that account, or sign in with your password.',
  externalSignInOff: 'Sign-in with an external account is not configured.',
  somethingWentWrong: 'Something went wrong. Please try again later.',
  resetFailed: 'Failed to reset password. Please try again.',
  profileUpdateFailed: 'Failed to update profile.',
  profileUpdated: 'Profile updated successfully',
  googleProfileLocked: 'Profile editing is not available for accounts signed in with Google.',
  refreshFailed: 'Token expired and refresh failed. Please sign in again.',
  noRefreshToken: 'No refresh token available',
  signInRequired: 'Please sign in to continue.',
});

/** API failure messages (docs/product.md#errors-and-messages) and the contract's error codes. */
export const apiMessages = group('api', {
  authorizationErrorTitle: 'Authorization Error',
  notAuthorized: 'You are not authorized to do that',
  httpStatus: 'HTTP {status}: {statusText}',
  validationFailed: 'Some fields are invalid. Please check them and try again.',
  accountInactive: 'Your account is inactive. Please contact an administrator.',
  emailTaken: 'An account with this email already exists.',
  lastAdmin: 'At least one active administrator must remain.',
  ownAccount: 'You cannot deactivate or change the role of your own account.',
  conflict: 'This change conflicts with the current data. Please refresh and try again.',
  rateLimited: 'Too many requests. Please try again later.',
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'This file type is not supported.',
  invalidToken: 'This link is invalid or has expired.',
  alreadyConfirmed: 'This email address is already confirmed.',
  noPendingEmailChange: 'There is no email change waiting for confirmation.',
  serviceUnavailable: 'This service is not available right now.',
  badGateway: 'An external service failed. Please try again later.',
});

/** The global error handler's titles and mapped messages (docs/product.md#errors-and-messages). */
export const globalErrorMessages = group('globalError', {
  unexpectedErrorTitle: 'Unexpected Error',
  warningTitle: 'Warning',
  connection: 'Unable to connect to the server. Please check your internet connection.',
  networkFailed: 'Network connection failed. Please try again.',
  loadFailed: 'Failed to load resource. Please refresh the page.',
  scriptError: 'A script error occurred. Please refresh the page.',
  chunkLoad: 'Failed to load application resources. Please refresh the page.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'The requested resource was not found.',
  serverError: 'Server error occurred. Please try again later.',
  fallback: 'An unexpected error occurred. Please try again.',
});

/** Quick and full calculator messages (docs/product.md#errors-and-messages). */
export const calculatorMessages = group('calculator', {
  imageProcessingFailed:
    'Failed to process the image. Please try again or enter the amount manually.',
  rateLimitExceeded: 'Rate limit exceeded: max {max} requests per hour',
});

/** Map messages (docs/product.md#errors-and-messages, maps). */
export const mapMessages = group('maps', {
  loadFailed: 'Failed to load Google Maps',
  loadTimeout: 'The map took too long to load. Please try again.',
  reverseGeocodeFailed: 'Failed to get address for this location',
});

/** Geolocation messages (docs/product.md#errors-and-messages; the spec does not show their wording). */
export const geolocationMessages = group('geolocation', {
  notSupported: 'Geolocation is not supported by your browser.',
  permissionDenied:
    'Location access was denied. Please allow location access or choose your location on the map.',
  positionUnavailable:
    'Your location is currently unavailable. Please choose your location on the map.',
  timeout: 'Getting your location took too long. Please try again or choose it on the map.',
  requestAccess: 'Please allow location access to detect your location automatically.',
});

/**
 * Geolocation messages for a page without a map (the quick calculator,
 * docs/product.md#quick-calculator): the fallback is typing the address.
 */
export const geolocationAddressMessages = group('geolocationAddress', {
  permissionDenied:
    'Location access was denied. Please allow location access or type your address.',
  positionUnavailable: 'Your location is currently unavailable. Please type your address.',
  timeout: 'Getting your location took too long. Please try again or type your address.',
});

/** Chat messages (docs/product.md#errors-and-messages, chat). */
export const chatMessages = group('chat', {
  authFailed: 'Authentication failed. Please sign in again.',
  parseError: '[Parse Error]',
  notStreaming: 'Server is not configured for streaming. Expected a text/event-stream response.',
  streamUnavailable: 'Stream not available',
  sendFailed: 'Error sending message',
  genericError: 'Sorry, an error occurred. Please try again.',
  conversationNotFound: 'Conversation not found. A new conversation has been started.',
  historyLoadFailed: 'Error loading conversation history',
  endFailed: 'Failed to end conversation',
  titleUpdateFailed: 'Failed to update title',
  conversationsLoadFailed: 'Failed to load conversations',
  portfolioLoadFailed: 'Failed to load portfolio',
  retry: 'Retry',
  emptyPortfolio:
    'No solar data collected yet. Tell the assistant about your electricity use, bill or roof.',
  interrupted: 'Response interrupted',
  botConsultant: 'Solar Consultant',
  botSales: 'Sales Specialist',
});

/** User management messages (docs/product.md#errors-and-messages). */
export const userMessages = group('users', {
  loadFailed: 'Failed to load users',
  detailLoadFailed: 'Failed to load user details',
  createFailed: 'Failed to create user',
  updateFailed: 'Failed to update user',
  created: 'User created successfully',
  updated: 'User updated successfully',
  emptyNone: 'No users found',
  emptyFiltered: 'No users match your current filters',
  never: 'Never',
  active: 'Active',
  inactive: 'Inactive',
  verified: 'Verified',
  unverified: 'Unverified',
});

/** Role display names (docs/product.md#roles-and-permissions). */
export const roleMessages = group('role', {
  admin: 'Administrator',
  project_manager: 'Project Manager',
  installer: 'Installer',
  roof_inspector: 'Roof Inspector',
  client_residential: 'Residential Client',
  client_commercial: 'Commercial Client',
  supplier: 'Supplier',
});

/** Navigation and dashboard card labels (docs/product.md#errors-and-messages, dashboard). */
export const navMessages = group('nav', {
  dashboard: 'Dashboard',
  profile: 'Profile',
  chat: 'Chat',
  users: 'Users',
  projects: 'Projects',
  quickCalculator: 'Quick Calculator',
  fullCalculator: 'Full Calculator',
  calculator: 'Calculator',
  userManagement: 'User Management',
  auditLog: 'Audit log',
  activity: 'Recent Activity',
  settings: 'Settings',
});

/**
 * The project pipeline's validation and errors (pipeline-contract.ts); the two that list the
 * statuses and actions come from pipeline-messages.ts.
 */
export const pipelineMessages = {
  ...pipelineListMessages,
  ...group('pipeline', {
    sortBy: 'Sort field must be one of address, ownerName, status, createdAt, updatedAt',
    dateRequired: 'Please choose a date',
    dateInvalid: 'Please enter a real date as YYYY-MM-DD',
    datePast: 'Please choose today or a later date',
    roofTypeRequired: 'Please choose the roof type',
    roofArea: 'Roof area must be a number from 1 to 100,000 m²',
    notesTooLong: 'Notes can be at most 2,000 characters',
    inspectionRequired: 'Please record the roof type, area and shading notes',
    invalidTransition: 'This project has moved on since you opened it. Refresh to see its status.',
    tooManyPhotos: 'This project already has 20 photos. Remove one before adding another.',
    noConfiguration: 'Finish the system configuration before making a proposal',
    notFound: 'Project not found',
    assigneeId: 'Please choose a user, or none',
    roofInspectorRole: 'Please choose an active roof inspector',
    installerRole: 'Please choose an active installer',
    assignedTo: 'Assigned to must be me',
  }),
};

/** The audit log's query validation (audit.ts). */
export const auditMessages = group('audit', {
  actorId: 'Actor must be a user id',
  targetType: 'Target type must be user or project',
  targetId: 'Target must be a user or project id',
  targetTypeRequired: 'Please give the target type with the target id',
  action: 'Action can be at most 100 characters',
  date: 'Please enter a real date as YYYY-MM-DD',
  period: 'The start of the period must be on or before its end',
  format: 'Format must be json or csv',
});

/** Saved views' field and rule messages (docs/product.md#saved-views; saved-views.ts). */
export const savedViewMessages = group('savedViews', {
  list: 'List must be users, projects or auditEvents',
  nameRequired: 'Please enter a name for the view',
  nameTooLong: 'The name can be at most 60 characters',
  queryTooLong: 'The filter is too long to save (at most 500 characters)',
  query: 'The filter must be a query string without the leading "?"',
  limit: 'You can keep at most 20 saved views per list; delete one first',
  notFound: 'That saved view does not exist',
});

/** Every descriptor of the package, keyed by id: the web's catalogs are checked against it. */
export const allMessages: Readonly<Record<string, MessageDescriptor>> = Object.fromEntries(
  [
    validationMessages,
    passwordRequirementMessages,
    authMessages,
    apiMessages,
    globalErrorMessages,
    calculatorMessages,
    mapMessages,
    geolocationMessages,
    geolocationAddressMessages,
    chatMessages,
    userMessages,
    roleMessages,
    navMessages,
    pageTitleMessages,
    pipelineMessages,
    auditMessages,
    savedViewMessages,
    allPipelineMessages,
  ].flatMap((g) => Object.values(g).map((d) => [d.id, d] as const)),
);
