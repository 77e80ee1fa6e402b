/**
 * Reads a module's own environment variables (docs/operations.md: bad configuration stops start-up
 * with one clear line). Used by the calculator, geo and projects plugins when they are registered.
 */
import { z } from 'zod';
import { ConfigError } from '../config.ts';

/**
 * Validates the variables named by `schema`'s keys (empty values count as unset) and
 * returns the parsed values; throws ConfigError "Invalid configuration: NAME <problem>".
 */
export function readEnv<S extends z.ZodObject>(
  schema: S,
  env: Record<string, string | undefined>,
): z.output<S> {
  const keys = Object.keys(schema.shape);
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(
      ([key, value]) => keys.includes(key) && value !== undefined && value.trim() !== '',
    ),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  return parsed.data;
}

/** The error text of an integer setting: "must be a whole number from MIN to MAX". */
export const rangeMessage = (min: number, max: number): string =>
  `must be a whole number from ${min} to ${max}`;

/** An integer setting from `min` to `max` (both included), `fallback` when unset. */
export const intSetting = (min: number, max: number, fallback: number) =>
  z.coerce
    .number()
    .int(rangeMessage(min, max))
    .min(min, rangeMessage(min, max))
    .max(max, rangeMessage(min, max))
    .default(fallback);
