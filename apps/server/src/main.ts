/**
 * `npm start` ends here. It shortens Node's module resolution for the server's largest
 * dependency first (resolve-fast-path.ts), then starts the server (start.ts): reads the
 * configuration, opens and migrates the database, creates the first admin, serves the API
 * and the built web app, and shuts down cleanly on SIGTERM/SIGINT.
 */
import { registerResolveFastPath } from './resolve-fast-path.ts';

registerResolveFastPath();
await import('./start.ts');
