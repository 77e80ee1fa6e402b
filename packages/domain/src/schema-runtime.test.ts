import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { disableSchemaCompilation } from './schema-runtime.ts';
import { signInSchema } from './validation.ts';

describe('disableSchemaCompilation', () => {
  it('turns zod JIT off and schemas still validate', () => {
    disableSchemaCompilation();
    expect(z.config().jitless).toBe(true);
    expect(signInSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(signInSchema.safeParse({ email: 'nope', password: 'x' }).success).toBe(false);
  });

  it('writes where zod reads its configuration, so it also holds for a zod loaded later', () => {
    disableSchemaCompilation();
    const shared = (globalThis as { __zod_globalConfig?: object }).__zod_globalConfig;
    expect(z.config()).toBe(shared);
  });
});
