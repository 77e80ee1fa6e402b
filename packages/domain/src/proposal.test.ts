import { describe, expect, it } from 'vitest';
import { lifetimeFigures } from './lifetime.ts';
import { PROPOSAL_VALIDITY_DAYS, addDays, proposalFigures } from './proposal.ts';

const configuration = {
  systemSizeKw: 2.4,
  panelCount: 6,
  tiltDeg: 30,
  azimuthDeg: 180,
  lossPercent: 14,
  roofType: 'flat',
  pricePerKwhSom: 2,
};
const production = {
  source: 'pvgis' as const,
  monthlyKwh: [200, 220, 300, 330, 360, 380, 390, 380, 330, 280, 210, 190],
  yearlyKwh: 3570,
};
const NOW = Date.parse('2026-11-25T22:00:00Z');

describe('proposalFigures', () => {
  it('uses the spec cost and the lifetime figures of the first-year production', () => {
    const figures = proposalFigures({ configuration }, production, NOW)!;
    expect(figures.economics.costSom).toBe(26_640); // 2.4 kW x 11 100 som
    expect(figures.economics.yearlySavingsSom).toBe(7140); // 3570 kWh x 2 som
    expect(figures.lifetime).toEqual(
      lifetimeFigures({ firstYearKwh: 3570, costSom: 26_640, pricePerKwhSom: 2 }),
    );
    expect(figures.monthlyKwh).toEqual(production.monthlyKwh);
    expect(figures.productionSource).toBe('pvgis');
  });

  it('holds for 30 days from the day it is issued', () => {
    const figures = proposalFigures({ configuration }, production, NOW)!;
    expect(PROPOSAL_VALIDITY_DAYS).toBe(30);
    expect(figures.issuedOn).toBe('2026-11-25');
    expect(figures.validUntil).toBe('2026-12-25');
    expect(addDays('2027-02-15', 30)).toBe('2027-03-17');
  });

  it('proposes nothing for a draft without a usable configuration', () => {
    expect(proposalFigures({ configuration: null }, production, NOW)).toBeNull();
    expect(proposalFigures({ configuration: { systemSizeKw: 0 } }, production, NOW)).toBeNull();
  });
});
