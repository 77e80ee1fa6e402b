/**
 * The one zod every schema of the domain uses, configured once through zod's public
 * `z.config`: no JIT-compiled parsers. zod probes `new Function` to compile them, which the
 * web app's Content-Security-Policy (no 'unsafe-eval') reports as a violation; the server
 * parses small bodies, where the interpreted parsers are as fast as it needs. Parsing
 * behaves the same either way. Importing `zod` anywhere else in the domain is a lint error.
 * package.json lists this file under `sideEffects`: without that, bundlers skip a module that
 * only re-exports and the configuration never runs.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
