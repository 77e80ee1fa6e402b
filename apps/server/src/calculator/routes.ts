/**
 * Calculator helper routes (the OpenAPI document): bill
 * photo -> amount (`POST /calculator/bill-extract`) and monthly production for the full
 * calculator (`GET /calculator/production`). Both are public and rate limited per client
 * address. The OCR worker pool starts on the first extraction and is closed with the app.
 *
 * | variable                   | default                             | meaning                                         |
 * | -------------------------- | ----------------------------------- | ----------------------------------------------- |
 * | `OCR_WORKERS`              | 2                                   | OCR worker threads at most (1..8)               |
 * | `OCR_TIMEOUT_MS`           | 10000                               | time limit of one extraction, waiting included  |
 * | `OCR_MAX_WAITING`          | 20                                  | extractions waiting for a worker before 503     |
 * | `OCR_MAX_WAITING_PER_CLIENT` | 2                                 | one address's extractions waiting before 503    |
 * | `OCR_LANG_PATH`            | bundled `@tesseract.js-data/eng`    | folder of `<lang>.traineddata.gz`               |
 * | `OCR_LANGUAGES`            | `eng`                               | traineddata names, `+`-joined (e.g. `eng+rus`)  |
 * | `BILL_EXTRACT_RATE_LIMIT`  | 10                                  | extractions per minute per client address       |
 * | `PVGIS_URL`                | https://re.jrc.ec.europa.eu/api/v5_3 | the PVGIS API                                  |
 * | `PVGIS_TIMEOUT_MS`         | 10000                               | one PVGIS call's time limit                     |
 * | `PVGIS_CACHE_TTL_MS`       | 604800000 (a week)                  | how long a PVGIS answer is reused               |
 * | `PVGIS_CACHE_SIZE`         | 1000                                | answers kept                                    |
 * | `PRODUCTION_RATE_LIMIT`    | 30                                  | production calls per minute per client address  |
 */
import type { BillExtractResponse } from '@solar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import {
  calculatorMessages,
  messageText,
  PV_DEFAULTS,
  PV_LIMITS,
  validationMessages,
} from '@solar/domain';
import { z } from 'zod';
import { HttpError } from '../http-errors.ts';
import { findBillAmount } from './bill-amount.ts';
import { ensureRateLimit } from './client-limit.ts';
import { loadCalculatorConfig } from './config.ts';
import { acceptedImageSize, MAX_IMAGE_PIXELS } from './image-size.ts';
import { prepareForOcr } from './prepare-image.ts';
import {
  createOcrEngine,
  OcrBusyError,
  OcrFailedError,
  OcrTimeoutError,
  type OcrEngine,
} from './ocr.ts';
import type { MetricSources } from '../metrics.ts';
import {
  createProductionService,
  type ProductionEstimate,
  type ProductionService,
} from './production.ts';
import {
  IMAGE_MULTIPART_OPTIONS,
  imageFileBody,
  notAnImage,
  readBillImage,
  refuseOversizedBody,
} from './upload.ts';

export interface CalculatorRoutesOptions {
  /** The process environment (the variables above). */
  env?: Record<string, string | undefined>;
  /** Replaces the HTTP client used for PVGIS (tests). */
  fetch?: typeof fetch;
  /**
   * The production source to share (the app passes one, so the calculator and the proposal
   * PDF use one PVGIS cache); by default the plugin makes its own from the settings.
   */
  production?: ProductionService;
  /** Replaces the OCR engine (tests); the plugin then does not close it. */
  ocr?: OcrEngine;
  /** With METRICS=on: where the OCR gauge reads its values. */
  metrics?: MetricSources | undefined;
}

/** The contract's BillExtractResponse. */
export const billExtractSchema = z.object({
  amount: z.number().nullable(),
  currency: z.literal('KGS'),
  confidence: z.number().min(0).max(1),
  text: z.string(),
}) satisfies z.ZodType<BillExtractResponse>;

/** A number from the query string within [min, max]; '' or missing is `fallback`/required. */
const queryNumber = (min: number, max: number, message: string, fallback?: number) => {
  const number = z.number({ error: message }).min(min, message).max(max, message);
  return z.preprocess(
    (value) => {
      if (value === undefined || (typeof value === 'string' && value.trim() === '')) {
        return fallback;
      }
      return typeof value === 'string' ? Number(value) : value;
    },
    fallback === undefined ? number : number.default(fallback),
  );
};

const LATITUDE_MESSAGE = messageText(validationMessages.latitude.id);
const LONGITUDE_MESSAGE = messageText(validationMessages.longitude.id);

/**
 * `GET /calculator/production` query (PVWatts-style inputs; units in the names). `lat` and
 * `lon` come together, or neither when the site is not known (an unverified address).
 */
export const productionQuerySchema = z
  .strictObject(
    {
      lat: queryNumber(-90, 90, LATITUDE_MESSAGE).optional(),
      lon: queryNumber(-180, 180, LONGITUDE_MESSAGE).optional(),
      peakPowerKw: queryNumber(
        0.01,
        10_000,
        'Peak power must be a number of kW from 0.01 to 10000',
      ),
      lossPercent: queryNumber(
        PV_LIMITS.lossPercent.min,
        PV_LIMITS.lossPercent.max,
        'System losses must be a percentage from 0 to 99',
        PV_DEFAULTS.lossPercent,
      ),
      tilt: queryNumber(
        PV_LIMITS.tiltDeg.min,
        PV_LIMITS.tiltDeg.max,
        'Tilt must be between 0 and 90 degrees',
        PV_DEFAULTS.tiltDeg,
      ),
      azimuth: queryNumber(
        PV_LIMITS.azimuthDeg.min,
        PV_LIMITS.azimuthDeg.max,
        'Azimuth must be between 0 and 360 degrees',
        PV_DEFAULTS.azimuthDeg,
      ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? validationMessages.unknownField.id : undefined,
    },
  )
  .superRefine((query, ctx) => {
    if (query.lat === undefined && query.lon !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['lat'], message: LATITUDE_MESSAGE });
    }
    if (query.lon === undefined && query.lat !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['lon'], message: LONGITUDE_MESSAGE });
    }
  });

/** The production answer (production.ts, ProductionEstimate). */
export const productionSchema = z.object({
  source: z
    .enum(['pvgis', 'estimate'])
    .describe('pvgis: PVGIS PVcalc; estimate: PVGIS could not be reached'),
  estimateModel: z
    .enum(['clear-sky', 'sun-hours'])
    .nullable()
    .describe(
      "The estimate's model (clear-sky: the sun's path at the site, Haurwitz clear sky × 0.75 climate factor, Erbs split, Hay-Davies transposition; sun-hours: no site given, 4.5 sun hours a day with the losses); null for PVGIS",
    ),
  monthlyKwh: z.array(z.number()).length(12).readonly(),
  yearlyKwh: z.number(),
  uncertainty: z.object({ yearlyKwh: z.number(), percent: z.number() }).nullable(),
  inputs: z.object({
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    peakPowerKw: z.number(),
    lossPercent: z.number(),
    tilt: z.number(),
    azimuth: z.number(),
  }),
}) satisfies z.ZodType<ProductionEstimate>;

export const calculatorRoutes: FastifyPluginAsyncZod<CalculatorRoutesOptions> = async (
  app,
  { env = process.env, fetch, ocr, metrics, production: shared },
) => {
  const config = loadCalculatorConfig(env);
  const engine =
    ocr ??
    createOcrEngine({
      ...config.ocr,
      prepare: (image) => prepareForOcr(image, MAX_IMAGE_PIXELS),
    });
  if (!ocr) app.addHook('onClose', async () => engine.close());
  if (metrics && engine.stats) metrics.ocr = () => engine.stats!();
  const production =
    shared ??
    createProductionService({ ...config.pvgis, ...(fetch ? { fetch } : {}) }, (error) =>
      app.log.warn({ reason: error.message }, 'PVGIS failed; using the estimate'),
    );
  await ensureRateLimit(app);
  await app.register(fastifyMultipart, IMAGE_MULTIPART_OPTIONS);

  /**
   * POST /calculator/bill-extract (multipart, field `file`) -> 200 {amount: som | null,
   * currency: 'KGS', confidence: 0..1, text}. 415 'Please upload a valid image file (JPEG,
   * PNG, or WebP)' when the bytes are not one (or the image cannot be decoded); 413 'File
   * size must be less than 10MB'; 400 no `file` field or more than 40 megapixels; 503 when
   * the OCR is busy (also: this address already has OCR_MAX_WAITING_PER_CLIENT images
   * waiting) or runs out of time; 429 per client address. The image is scaled down to
   * 2000 pixels a side before it is read (prepare-image.ts).
   */
  app.post(
    '/calculator/bill-extract',
    {
      onRequest: refuseOversizedBody,
      config: { rateLimit: { max: config.billRatePerMinute, timeWindow: 60_000 } },
      schema: {
        response: { 200: billExtractSchema },
        tags: ['calculator'],
        operationId: 'extractBillAmount',
        summary: 'Read the amount due from a bill photo (OCR)',
        answers: { 200: { description: 'The amount read from the bill, with its confidence' } },
        multipartBody: imageFileBody(
          'The bill photo: JPEG, PNG or WebP (read from its bytes), under 10 MB',
        ),
        // 415 also for bytes that are no image; 503 when the OCR is busy or out of time.
        errors: [400, 413, 415, 429, 503],
        description:
          'multipart/form-data with one field `file`: a JPEG, PNG or WebP image under 10 MB. The OCR reads English letters and digits; labels and currency words are recognised in English, Spanish and Russian.',
      },
    },
    async (request, reply) => {
      const image = await readBillImage(request, reply);
      acceptedImageSize(image.bytes, image.kind);
      let result: Awaited<ReturnType<OcrEngine['recognize']>>;
      try {
        // One image of each address at a time, addresses served in turn (ocr.ts).
        result = await engine.recognize(image.bytes, request.ip);
      } catch (error) {
        if (error instanceof OcrBusyError || error instanceof OcrTimeoutError) {
          request.log.warn({ reason: error.message }, 'bill OCR unavailable');
          throw new HttpError(
            503,
            'service_unavailable',
            calculatorMessages.imageProcessingFailed.defaultMessage,
            { headers: { 'retry-after': '5' } },
          );
        }
        if (error instanceof OcrFailedError) {
          request.log.info({ reason: error.message }, 'bill image could not be read');
          throw notAnImage();
        }
        throw error;
      }
      const text = result.text.trim();
      const found = findBillAmount(text, result.confidence);
      return { amount: found.amount, currency: 'KGS' as const, confidence: found.confidence, text };
    },
  );

  /**
   * GET /calculator/production?lat=&lon=&peakPowerKw=&lossPercent=14&tilt=30&azimuth=180
   * -> 200 ProductionEstimate: monthly and yearly kWh from PVGIS (`source: 'pvgis'`, with
   * its year-to-year uncertainty) or, when PVGIS fails, the clear-sky estimate at the site
   * (`source: 'estimate'`, `estimateModel: 'clear-sky'`, uncertainty null; tilt, azimuth
   * and losses count). 400 bad or unknown parameters; 429.
   */
  app.get(
    '/calculator/production',
    {
      // A HEAD request would cost an upstream call for nothing.
      exposeHeadRoute: false,
      config: { rateLimit: { max: config.productionRatePerMinute, timeWindow: 60_000 } },
      schema: {
        querystring: productionQuerySchema,
        response: { 200: productionSchema },
        tags: ['calculator'],
        operationId: 'estimateProduction',
        summary: 'Monthly production of a PV system (PVGIS, or a clear-sky estimate as a fallback)',
        answers: { 200: { description: 'Monthly and yearly production in kWh, and its source' } },
        errors: [400, 429],
      },
    },
    async (request) => {
      const q = request.query;
      return production.estimate({
        latitude: q.lat ?? null,
        longitude: q.lon ?? null,
        peakPowerKw: q.peakPowerKw,
        lossPercent: q.lossPercent,
        tilt: q.tilt,
        azimuth: q.azimuth,
      });
    },
  );
};
