/**
 * zod compiles fast parsers with `new Function` unless told not to. Under the web app's
 * Content-Security-Policy (no 'unsafe-eval') that probe is a reported violation, so the
 * browser build calls this once at start-up; parsing behaves the same, only without JIT.
 *
 * Set through zod's public `config` (the `z.config` of 'zod/v4/core', which every zod
 * entry shares), so it holds for schemas loaded later with the screens that use them.
 */
import { config } from 'zod/v4/core';

/** Turns zod's JIT compilation off for every zod schema, loaded now or later. */
export function disableSchemaCompilation(): void {
  config({ jitless: true });
}
