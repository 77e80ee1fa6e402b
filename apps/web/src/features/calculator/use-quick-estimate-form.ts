/**
 * The quick calculator's state (docs/product.md#quick-calculator; the OpenAPI document): the inputs
 * (kWh, bill and rate kept in step by `withKwh` / `withBill` / `withRate`), 'use my location', the
 * estimate and the inputs it was computed from, and the actions of the form and the results.
 *
 * The inputs are restored from storage (with their estimate) on the first render;
 * Calculate stores them and computes the domain's `quickEstimate` at once; Reset clears
 * results and stored data.
 */
import {
  canCalculate,
  GEOLOCATION,
  quickEstimate,
  ROUTES,
  type MessageDescriptor,
  type QuickEstimate,
} from '@solar/domain';
import { useApiClient } from '@solar/api/react/provider';
import { useState, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { useNow } from '../../app/clock.tsx';
import { clearQuickInputs, readQuickInputs, writeQuickInputs } from './calculator-storage.ts';
import { coordinatesText, currentPosition, GeolocationFailure } from './geolocation.ts';
import {
  BILL_MAX,
  clamp,
  DEFAULT_INPUTS,
  fromStored,
  withBill,
  withKwh,
  withRate,
  type QuickInputs,
} from './quick-inputs.ts';

/** What an estimate depends on: monthly use (kWh) and the rate (som per kWh). */
export interface EstimateBasis {
  readonly monthlyKwh: number;
  readonly pricePerKwhSom: number;
}

/** Where the focus goes: the results after Calculate, the heading after Reset, the bill box. */
export interface QuickEstimateFocus {
  readonly results: RefObject<HTMLElement | null>;
  readonly heading: RefObject<HTMLHeadingElement | null>;
  readonly billInput: RefObject<HTMLDivElement | null>;
}

/** The quick estimate form; `signedIn` picks where 'Get professional quote' goes. */
export function useQuickEstimateForm(signedIn: boolean, focus: QuickEstimateFocus) {
  const api = useApiClient();
  const now = useNow();
  const [, navigate] = useLocation();
  const [initial] = useState(() => readQuickInputs());
  const [inputs, setInputs] = useState<QuickInputs>(() =>
    initial ? fromStored(initial) : DEFAULT_INPUTS,
  );
  const [estimate, setEstimate] = useState<QuickEstimate | null>(() =>
    initial && canCalculate(initial.averageKwh)
      ? quickEstimate({ monthlyKwh: initial.averageKwh, pricePerKwhSom: initial.pricePerKwh })
      : null,
  );
  /** The inputs the shown estimate was computed from (kWh per month, som per kWh). */
  const [basis, setBasis] = useState<EstimateBasis | null>(() =>
    initial ? { monthlyKwh: initial.averageKwh, pricePerKwhSom: initial.pricePerKwh } : null,
  );
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<MessageDescriptor | null>(null);

  const update = (patch: Partial<QuickInputs>) =>
    setInputs((current) => ({ ...current, ...patch }));
  const setKwh = (kwh: number) => setInputs((c) => withKwh(c, kwh));
  const setBill = (bill: number) => setInputs((c) => withBill(c, bill));
  const setRate = (rate: number) => setInputs((c) => withRate(c, rate));

  /** 'Use my location': the position, reverse geocoded (else raw coordinates), as address. */
  async function locateMe() {
    setLocating(true);
    setLocationError(null);
    try {
      const position = await currentPosition(GEOLOCATION.quickMaximumAgeMs);
      let address = coordinatesText(position);
      try {
        address = (await api.geo.reverse(position.latitude, position.longitude)).address;
      } catch {
        // No address for the point: fall back to the raw coordinates.
      }
      update({ address });
    } catch (failure) {
      // This page has no map: the fallback it names is typing the address.
      setLocationError(
        (failure instanceof GeolocationFailure
          ? failure
          : new GeolocationFailure('positionUnavailable')
        ).addressDescriptor,
      );
    } finally {
      setLocating(false);
    }
  }

  function calculate() {
    if (!canCalculate(inputs.monthlyKwh)) return;
    const result = quickEstimate({
      monthlyKwh: inputs.monthlyKwh,
      pricePerKwhSom: inputs.pricePerKwhSom,
    });
    writeQuickInputs({
      monthlyBill: inputs.monthlyBillSom,
      averageKwh: inputs.monthlyKwh,
      pricePerKwh: inputs.pricePerKwhSom,
      address: inputs.address,
      billInputMethod: inputs.billInputMethod,
      timestamp: now(),
      roofSizeM2: inputs.roofSizeM2,
      budget: inputs.budget,
    });
    setEstimate(result);
    setBasis({ monthlyKwh: inputs.monthlyKwh, pricePerKwhSom: inputs.pricePerKwhSom });
    // Let the results render, then move focus to them.
    requestAnimationFrame(() => focus.results.current?.focus());
  }

  function reset() {
    clearQuickInputs();
    setEstimate(null);
    setBasis(null);
    setInputs(DEFAULT_INPUTS);
    setLocationError(null);
    requestAnimationFrame(() => focus.heading.current?.focus());
  }

  function getQuote() {
    navigate(
      signedIn
        ? ROUTES.fullCalculator
        : `${ROUTES.signIn}?from=${encodeURIComponent(ROUTES.fullCalculator)}`,
    );
  }

  /** The amount read from a bill photo (som), confirmed by the user. */
  function applyExtractedAmount(amountSom: number) {
    setBill(clamp(Math.round(amountSom), BILL_MAX));
  }

  function enterManually() {
    update({ billInputMethod: 'manual' });
    requestAnimationFrame(() =>
      focus.billInput.current
        ?.querySelector<HTMLInputElement>('input:not([type="range"])')
        ?.focus(),
    );
  }

  // Results computed from other inputs than those on screen are marked out of date (issue:
  // a result for 300 kWh must not read as the answer for 0 kWh).
  const outOfDate =
    estimate !== null &&
    basis !== null &&
    (basis.monthlyKwh !== inputs.monthlyKwh || basis.pricePerKwhSom !== inputs.pricePerKwhSom);

  return {
    inputs,
    estimate,
    basis,
    outOfDate,
    locating,
    locationError,
    update,
    setKwh,
    setBill,
    setRate,
    locateMe,
    calculate,
    reset,
    getQuote,
    applyExtractedAmount,
    enterManually,
  };
}

/** What `useQuickEstimateForm` returns. */
export type QuickEstimateForm = ReturnType<typeof useQuickEstimateForm>;
