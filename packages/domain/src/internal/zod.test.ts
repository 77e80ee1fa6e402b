import { describe, expect, it } from 'vitest';
import { z as zod } from 'zod';
import { signInSchema } from '../validation.ts';

describe('the domain zod', () => {
  it('parses without JIT once any schema is loaded, and schemas still validate', async () => {
    expect(zod.config().jitless).toBe(true);
    expect(signInSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(signInSchema.safeParse({ email: 'nope', password: 'x' }).success).toBe(false);
    // One configuration for every zod entry (zod/mini shares it).
    const mini = await import('zod/mini');
    expect(mini.config().jitless).toBe(true);
  });
});
