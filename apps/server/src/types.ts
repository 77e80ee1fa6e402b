/** Stable error codes of API-CONTRACT.md (Conventions), as the domain lists them. */
import type { ApiErrorCode } from '@solar/domain';

export type ApiErrorCodeLike = ApiErrorCode;
