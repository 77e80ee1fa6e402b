/** The instant every story treats as "now", so dates and screenshots are stable. */
export const FROZEN_NOW = new Date('2026-03-14T10:30:00Z');
