/**
 * The answer of `GET /config` the server wrote into the page (apps/server/src/web-app.ts):
 * the JSON text of `<script type="application/json" id="solar-config">`. The API client
 * starts from it (`client.config.initial`), so a first visit asks the server for nothing
 * before the page shows its footer or its external sign-in button.
 */
import { CONFIG_ELEMENT_ID } from '@solar/domain/constants';
import type { ConfigResponse } from '@solar/domain/contract';

/**
 * The configuration in `doc` (default: this page), or undefined when the page carries none
 * (the development server, Storybook, tests) or its text is not JSON: then the app asks
 * `GET /config` as usual.
 */
export function readServedConfig(
  doc: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): ConfigResponse | undefined {
  const text = doc?.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ConfigResponse;
  } catch {
    return undefined;
  }
}
