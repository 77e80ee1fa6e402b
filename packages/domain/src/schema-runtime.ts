/**
 * zod compiles fast parsers with `new Function` unless told not to. Under the web app's
 * Content-Security-Policy (no 'unsafe-eval') that probe is a reported violation, so the
 * browser build calls this once at start-up; parsing behaves the same, only without JIT.
 */
import { z } from 'zod';

export function disableSchemaCompilation(): void {
  z.config({ jitless: true });
}
