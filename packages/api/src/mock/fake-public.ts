/**
 * The fake's public calls (the OpenAPI document):
 * health, configuration, bill extraction (checked by size and by the image's bytes) and
 * the geocoder's reverse lookup and search, answered from fixed places.
 */
import type { BusinessInfo } from '@solar/domain/contract';
import { mapMessages } from '@solar/domain/messages';
import { geoReverseQuerySchema, geoSearchQuerySchema } from '@solar/domain/requests';
import { BILL_IMAGE_MAX_BYTES, detectImageType } from '@solar/domain/validation';
import { ok, parse, refuse, reply, type FakeReply } from './reply.ts';
import type { FakeStore } from './store.ts';

/** The public calls of the fake. */
export interface FakePublic {
  health(): FakeReply;
  config(): FakeReply;
  /** `file`: the first bytes of the uploaded file and its size, or null when none was sent. */
  billExtract(file: { bytes: Uint8Array; size: number } | null): FakeReply;
  geoReverse(query: Record<string, string>): FakeReply;
  geoSearch(query: Record<string, string>): FakeReply;
  geoSuggest(query: Record<string, string>): FakeReply;
}

/** The business as a server without BUSINESS_* settings reports it: the name only. */
export const NEUTRAL_BUSINESS: BusinessInfo = {
  name: 'Solar',
  address: null,
  phone: null,
  email: null,
  website: null,
  legal: null,
  logoUrl: null,
};

/** The error message the fake's geo handlers answer when the provider is "down". */
export const GEO_FAILURE_MESSAGE = mapMessages.reverseGeocodeFailed.defaultMessage;

/** The public calls over `store` (only its options are read). */
export function fakePublic({ options }: FakeStore): FakePublic {
  return {
    health: () => ok({ status: 'ok', database: 'pglite' }),
    config: () =>
      ok({
        googleClientId: options.googleClientId ?? (options.oidcProvider ? 'solar-fake' : null),
        oidcProvider: options.oidcProvider ?? null,
        aiProvider: 'offline',
        addressSuggestions: options.addressSuggestions ?? false,
        version: '0.0.0-fake',
        business: { ...NEUTRAL_BUSINESS, ...options.business },
      }),
    billExtract: (file) =>
      reply(() => {
        if (!file) refuse(400, 'validation_failed', 'A file is required in the field "file".');
        if (file.size > BILL_IMAGE_MAX_BYTES)
          refuse(413, 'payload_too_large', 'File size must be less than 10MB');
        if (!detectImageType(file.bytes)) {
          refuse(
            415,
            'unsupported_media_type',
            'Please upload a valid image file (JPEG, PNG, or WebP)',
          );
        }
        const result = options.billExtract ?? { amount: null, confidence: 0, text: '' };
        return ok({ ...result, currency: 'KGS' });
      }),
    geoReverse: (query) =>
      reply(() => {
        const { lat, lon } = parse(geoReverseQuerySchema, query);
        return ok({
          address: `Chui Avenue 1, Bishkek (${lat.toFixed(4)}, ${lon.toFixed(4)})`,
          latitude: lat,
          longitude: lon,
          placeId: `fake:${lat.toFixed(5)},${lon.toFixed(5)}`,
        });
      }),
    geoSearch: (query) =>
      reply(() => {
        const { q } = parse(geoSearchQuerySchema, query);
        return ok([
          {
            address: `${q}, Bishkek, Kyrgyzstan`,
            latitude: 42.8746,
            longitude: 74.5698,
            placeId: 'fake:bishkek',
          },
          {
            address: `${q}, Osh, Kyrgyzstan`,
            latitude: 40.5283,
            longitude: 72.7985,
            placeId: 'fake:osh',
          },
        ]);
      }),
    // As the server: 404 without a suggestion service, else places starting like the text.
    geoSuggest: (query) =>
      reply(() => {
        if (!options.addressSuggestions) {
          refuse(404, 'not_found', 'Address suggestions are not available.');
        }
        const { q } = parse(geoSearchQuerySchema, query);
        return ok([
          {
            address: `${q} 12, Bishkek, Kyrgyzstan`,
            latitude: 42.8765,
            longitude: 74.6042,
            placeId: 'fake:suggest-bishkek',
          },
        ]);
      }),
  };
}
