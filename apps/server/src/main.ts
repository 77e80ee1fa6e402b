/**
 * `npm start` ends here. It shortens Node's module resolution for the server's largest
 * dependency first (resolve-fast-path.ts), then starts the server (start.ts): reads the
 * configuration, opens and migrates the database, creates the first admin, serves the API
 * and the built web app, and shuts down cleanly on SIGTERM/SIGINT. Every line it writes is
 * JSON.
 */
import { captureProcessWarnings } from './logging.ts';
import { registerResolveFastPath } from './resolve-fast-path.ts';

// Node's warnings become JSON log lines (logging.ts), from the start.
captureProcessWarnings();
registerResolveFastPath();
await import('./start.ts');
