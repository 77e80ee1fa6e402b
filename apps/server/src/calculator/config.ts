/**
 * The calculator's settings from the environment (README "Configuration"): bill OCR
 * workers, time limit and queue, PVGIS address, time limit and cache, and the rate limits
 * of the bill and production calls. A bad value stops start-up with one clear line.
 */
import { z } from 'zod';
import { intSetting, readEnv } from './env.ts';

const calculatorEnvSchema = z.object({
  OCR_WORKERS: intSetting(1, 8, 2),
  OCR_TIMEOUT_MS: intSetting(1000, 600_000, 10_000),
  OCR_MAX_WAITING: intSetting(0, 1000, 20),
  OCR_MAX_WAITING_PER_CLIENT: intSetting(0, 100, 2),
  OCR_LANG_PATH: z.string().min(1).optional(),
  OCR_LANGUAGES: z
    .string()
    .regex(/^[a-z_]+(\+[a-z_]+)*$/, 'must be traineddata names joined by +, e.g. eng')
    .default('eng'),
  BILL_EXTRACT_RATE_LIMIT: intSetting(1, 100_000, 10),
  PVGIS_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://re.jrc.ec.europa.eu/api/v5_3'),
  PVGIS_TIMEOUT_MS: intSetting(100, 120_000, 10_000),
  PVGIS_CACHE_TTL_MS: intSetting(0, 365 * 86_400_000, 7 * 86_400_000),
  PVGIS_CACHE_SIZE: intSetting(0, 1_000_000, 1000),
  PRODUCTION_RATE_LIMIT: intSetting(1, 100_000, 30),
});

/** The calculator settings from the environment; throws ConfigError on a bad value. */
export function loadCalculatorConfig(env: Record<string, string | undefined>) {
  const e = readEnv(calculatorEnvSchema, env);
  return {
    ocr: {
      workers: e.OCR_WORKERS,
      timeoutMs: e.OCR_TIMEOUT_MS,
      maxWaiting: e.OCR_MAX_WAITING,
      maxWaitingPerClient: e.OCR_MAX_WAITING_PER_CLIENT,
      languages: e.OCR_LANGUAGES,
      ...(e.OCR_LANG_PATH ? { langPath: e.OCR_LANG_PATH } : {}),
    },
    billRatePerMinute: e.BILL_EXTRACT_RATE_LIMIT,
    pvgis: {
      baseUrl: e.PVGIS_URL.replace(/\/+$/, ''),
      timeoutMs: e.PVGIS_TIMEOUT_MS,
      cacheTtlMs: e.PVGIS_CACHE_TTL_MS,
      cacheSize: e.PVGIS_CACHE_SIZE,
      userAgent: 'Solar/0.1 (solar calculator)',
    },
    productionRatePerMinute: e.PRODUCTION_RATE_LIMIT,
  };
}
