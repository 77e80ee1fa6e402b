/**
 * Length limits of the product's texts, apart from the zod field builders (fields.ts, which
 * re-exports them) so that code needing only a number does not load zod.
 */

/** Length limits in characters (docs/product.md#limits; the OpenAPI document). */
export const LIMITS = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  passwordMin: 8,
  adminPasswordMin: 6,
  passwordMax: 128,
  titleMax: 200,
  chatMessageMax: 4000,
  tokenMax: 2048,
  searchMax: 200,
  addressMax: 500,
} as const;
