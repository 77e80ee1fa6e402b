export { ApiError, createHttp, toApiError, type ApiClientOptions } from './client.ts';
export { signIn, type SessionUserDto, type SignInResponse } from './auth.ts';
