import { describe, expect, it } from 'vitest';
import { PV_DEFAULTS, PV_LIMITS } from './pv-system.ts';

describe('PV system defaults', () => {
  it('lie inside the accepted ranges', () => {
    for (const key of Object.keys(PV_DEFAULTS) as (keyof typeof PV_DEFAULTS)[]) {
      expect(PV_DEFAULTS[key]).toBeGreaterThanOrEqual(PV_LIMITS[key].min);
      expect(PV_DEFAULTS[key]).toBeLessThanOrEqual(PV_LIMITS[key].max);
    }
  });
});
