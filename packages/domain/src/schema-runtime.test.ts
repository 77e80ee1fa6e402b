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

  it('holds for the mini entry too (one configuration for every zod entry)', async () => {
    disableSchemaCompilation();
    const mini = await import('zod/mini');
    expect(mini.config().jitless).toBe(true);
  });
});
