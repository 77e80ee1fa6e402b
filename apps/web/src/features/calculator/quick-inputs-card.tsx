/**
 * The quick calculator's inputs (docs/product.md#quick-calculator; the OpenAPI document): bill
 * input method (manual, or a photo read by `POST /calculator/bill-extract`), monthly use and bill
 * sliders, rate, address with 'use my location', roof size, budget range, and Calculate (disabled
 * at 0 kWh).
 */
import {
  calculatorMessages,
  canCalculate,
  KWH_SLIDER,
  BILL_SLIDER,
  RATE_INPUT,
  validationMessages,
} from '@solar/domain';
import { ApiError } from '@solar/api';
import { useApiClient } from '@solar/api/react/provider';
import { Button, Card, NumberField, RadioGroup, SliderField, Spinner, TextField } from '@solar/ui';
import { lazy, Suspense, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { BUDGET_RANGES, type BudgetRange } from './calculator-storage.ts';
import { BILL_MAX, KWH_MAX } from './quick-inputs.ts';
import type { QuickEstimateForm } from './use-quick-estimate-form.ts';

/** The photo part loads only when chosen (keeps the page's first load small). */
const BillPhoto = lazy(() => import('./bill-photo.tsx').then((m) => ({ default: m.BillPhoto })));

/** The inputs card; `onTouched` runs on the first pointer or focus inside it. */
export function QuickInputsCard({
  form,
  billInputRef,
  onTouched,
}: {
  form: QuickEstimateForm;
  billInputRef: RefObject<HTMLDivElement | null>;
  onTouched: () => void;
}) {
  const intl = useIntl();
  const api = useApiClient();
  const t = (id: string) => intl.formatMessage({ id });
  const { inputs, update } = form;
  return (
    <Card
      className="flex flex-col gap-5 p-5"
      onPointerDownCapture={onTouched}
      onFocusCapture={onTouched}
    >
      <h2 className="text-lg font-semibold">{t('quickCalculator.inputsTitle')}</h2>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t('quickCalculator.billMethod')}</legend>
        <div className="flex flex-wrap gap-4">
          {(['manual', 'photo'] as const).map((method) => (
            <label key={method} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="billInputMethod"
                value={method}
                checked={inputs.billInputMethod === method}
                onChange={() => update({ billInputMethod: method })}
                className="size-4 accent-brand-accent"
              />
              {t(`quickCalculator.billMethod.${method}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {inputs.billInputMethod === 'photo' && (
        <Suspense fallback={<Spinner label={t('quickCalculator.photo.loading')} showLabel />}>
          <BillPhoto
            extract={(file) => api.calculator.extractBill(file, file.name)}
            onUseAmount={form.applyExtractedAmount}
            onEnterManually={form.enterManually}
            failureMessage={calculatorMessages.imageProcessingFailed}
            messageForError={(error) =>
              error instanceof ApiError && error.status === 413
                ? validationMessages.imageTooLarge
                : error instanceof ApiError && error.status === 415
                  ? validationMessages.invalidImageType
                  : calculatorMessages.imageProcessingFailed
            }
          />
        </Suspense>
      )}
      <SliderField
        label={t('quickCalculator.monthlyKwh')}
        inputLabel={t('quickCalculator.monthlyKwhInput')}
        value={inputs.monthlyKwh}
        onChange={form.setKwh}
        bounds={{ ...KWH_SLIDER, max: KWH_MAX }}
        unit={t('quickCalculator.unit.kwh')}
      />
      <div ref={billInputRef}>
        <SliderField
          label={t('quickCalculator.monthlyBill')}
          inputLabel={t('quickCalculator.monthlyBillInput')}
          value={inputs.monthlyBillSom}
          onChange={form.setBill}
          bounds={{ ...BILL_SLIDER, max: BILL_MAX }}
          unit={t('quickCalculator.unit.som')}
        />
      </div>
      <NumberField
        label={t('quickCalculator.rate')}
        description={t('quickCalculator.rateHint')}
        value={inputs.pricePerKwhSom}
        onChange={form.setRate}
        minValue={RATE_INPUT.min}
        step={RATE_INPUT.step}
        formatOptions={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }}
      />
      <div className="flex flex-col gap-2">
        <TextField
          label={t('quickCalculator.address')}
          value={inputs.address}
          onChange={(address) => update({ address })}
          autoComplete="street-address"
        />
        <div className="flex items-center gap-3">
          <Button variant="secondary" size="sm" isPending={form.locating} onPress={form.locateMe}>
            {t('quickCalculator.useMyLocation')}
          </Button>
          {form.locating && (
            <span role="status" className="text-sm text-fg-muted">
              {t('quickCalculator.locating')}
            </span>
          )}
        </div>
        {form.locationError && (
          <p role="alert" className="text-sm font-medium text-danger-fg">
            {intl.formatMessage(form.locationError)}
          </p>
        )}
      </div>
      <NumberField
        label={t('quickCalculator.roofSize')}
        description={t('quickCalculator.roofSizeHint')}
        value={inputs.roofSizeM2 ?? Number.NaN}
        onChange={(value) =>
          update({ roofSizeM2: Number.isFinite(value) && value >= 0 ? value : null })
        }
        minValue={0}
        step={1}
      />
      <RadioGroup<BudgetRange>
        label={t('quickCalculator.budget')}
        options={BUDGET_RANGES.map((id) => ({ id, label: t(`quickCalculator.budget.${id}`) }))}
        value={inputs.budget}
        onChange={(budget) => update({ budget })}
      />
      <div className="flex flex-col gap-2">
        <Button size="lg" isDisabled={!canCalculate(inputs.monthlyKwh)} onPress={form.calculate}>
          {t('quickCalculator.calculate')}
        </Button>
        {!canCalculate(inputs.monthlyKwh) && (
          <p className="text-sm text-fg-muted">{t('quickCalculator.needKwh')}</p>
        )}
      </div>
    </Card>
  );
}
