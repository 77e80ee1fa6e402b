import { createHttp } from '@solar/api';

/** The one HTTP client of the web app, carrying the stored access token. */
export const http = createHttp({ getAccessToken: () => localStorage.getItem('authToken') });
