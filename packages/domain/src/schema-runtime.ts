/**
 * zod compiles fast parsers with `new Function` unless told not to. Under the web app's
 * Content-Security-Policy (no 'unsafe-eval') that probe is a reported violation, so the
 * browser build calls this once at start-up; parsing behaves the same, only without JIT.
 *
 * zod keeps its configuration in one object on `globalThis.__zod_globalConfig`, created
 * when zod first loads if nobody made it before and shared by every copy of zod. Writing
 * the flag there (instead of calling `z.config`) works before or after zod loads, so the
 * web app's start-up does not have to load zod itself: its schemas load with the screens
 * and forms that use them. The tests check that zod still reads this object.
 */

/** The part of zod's global configuration this module sets. */
interface ZodGlobalConfig {
  jitless?: boolean;
}

/** Turns zod's JIT compilation off for every zod schema, loaded now or later. */
export function disableSchemaCompilation(): void {
  const scope = globalThis as { __zod_globalConfig?: ZodGlobalConfig };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
