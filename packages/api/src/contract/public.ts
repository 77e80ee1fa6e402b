/**
 * Contract tests: The public calls: health and configuration, bill extraction and the geocoder (the
 * OpenAPI document).
 */
import { describe, expect, it } from 'vitest';
import { type ContractKit } from './kit.ts';

/** `GET /health` and `GET /config`. */
export function metaContract(kit: ContractKit): void {
  const { nullable, client } = kit;
  describe('meta', () => {
    it('GET /health answers 200 {status: ok, database}', async () => {
      expect(await client().config.health()).toEqual({
        status: 'ok',
        database: expect.stringMatching(/^(pglite|postgres)$/),
      });
    });
    it('GET /config answers 200 {googleClientId, oidcProvider, aiProvider, addressSuggestions, version, business}', async () => {
      const config = await client().config.get();
      expect(config).toEqual({
        googleClientId: nullable(expect.any(String)),
        oidcProvider: nullable({
          name: expect.any(String),
          logo: nullable(expect.stringMatching(/^google$/)),
        }),
        aiProvider: expect.any(String),
        addressSuggestions: expect.any(Boolean),
        version: expect.any(String),
        business: {
          name: expect.any(String),
          address: nullable(expect.any(String)),
          phone: nullable(expect.any(String)),
          email: nullable(expect.any(String)),
          website: nullable(expect.stringMatching(/^https:\/\//)),
          legal: nullable(expect.any(String)),
          logoUrl: nullable(expect.any(String)),
        },
      });
      expect(config.business.name.length).toBeGreaterThan(0);
    });
  });
}

/** Bill extraction (checked by the bytes) and the geocoder. */
export function publicContract(kit: ContractKit): void {
  const { nullable, client, failure, raw } = kit;
  describe('quick calculator helpers', () => {
    const png = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      ),
      (c) => c.charCodeAt(0),
    );
    it('POST /calculator/bill-extract answers 200 {amount, currency, confidence, text} for an image', async () => {
      const result = await client().calculator.extractBill(
        new Blob([png], { type: 'image/png' }),
        'bill.png',
      );
      expect(result).toEqual({
        amount: nullable(expect.any(Number)),
        currency: 'KGS',
        confidence: expect.any(Number),
        text: expect.any(String),
      });
      expect(result.confidence).toBeGreaterThanOrEqual(0);
      expect(result.confidence).toBeLessThanOrEqual(1);
    });
    it('answers 415 for a file that is not an image (by its bytes, not its name)', async () => {
      const error = await failure(
        client().calculator.extractBill(new Blob(['hello'], { type: 'image/png' }), 'bill.png'),
      );
      expect(error).toMatchObject({
        status: 415,
        message: 'Please upload a valid image file (JPEG, PNG, or WebP)',
      });
    });
    it('answers 413 for a file over 10 MB', async () => {
      const big = new Uint8Array(10 * 1024 * 1024 + 1);
      big.set(png.slice(0, 16));
      const error = await failure(
        client().calculator.extractBill(new Blob([big], { type: 'image/png' }), 'bill.png'),
      );
      expect(error).toMatchObject({ status: 413, message: 'File size must be less than 10MB' });
    });
  });

  describe('geo', () => {
    const place = {
      address: expect.any(String),
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      placeId: expect.any(String),
    };
    it('GET /geo/reverse answers a place, or 502 with the spec message when the provider fails', async () => {
      try {
        expect(await client().geo.reverse(42.87, 74.59)).toEqual(place);
      } catch (error) {
        expect(error).toMatchObject({
          status: 502,
          message: 'Failed to get address for this location',
        });
      }
    });
    it('GET /geo/search answers places, or 502 when the provider fails; 400 without text', async () => {
      try {
        const places = await client().geo.search('Bishkek');
        for (const p of places) expect(p).toEqual(place);
      } catch (error) {
        expect(error).toMatchObject({ status: 502 });
      }
      expect((await raw('GET', 'geo/search?q=')).status).toBe(400);
    });
    it('GET /geo/suggest answers 404 while no suggestion service is configured, as /config says', async () => {
      expect((await client().config.get()).addressSuggestions).toBe(false);
      expect(await failure(client().geo.suggest('Chui'))).toMatchObject({
        status: 404,
        code: 'not_found',
      });
    });
    it('GET /geo/reverse answers 400 for a latitude outside -90..90', async () => {
      expect(await failure(client().geo.reverse(91, 10))).toMatchObject({
        status: 400,
        code: 'validation_failed',
      });
    });
  });
}
