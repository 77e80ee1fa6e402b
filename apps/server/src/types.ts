/** Stable error codes of API-CONTRACT.md (Conventions). */
export type ApiErrorCodeLike =
  | 'validation_failed'
  | 'invalid_credentials'
  | 'account_inactive'
  | 'email_taken'
  | 'unauthenticated'
  | 'token_expired'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'service_unavailable'
  | 'internal';
