/** Stable error codes of the OpenAPI document, as the domain lists them. */
import type { ApiErrorCode } from '@solar/domain';

export type ApiErrorCodeLike = ApiErrorCode;
