/**
 * SliderField: a slider with its current value shown and a paired number input, for the
 * quick calculator's monthly use (kWh 0..5000 step 5) and bill (som 0..7500 step 5); the
 * bounds are `KWH_SLIDER` and `BILL_SLIDER` of @solar/domain
 * (docs/product.md#quick-calculator). Both controls edit the same value; arrow keys move one
 * step, Page Up/Down ten steps, Home/End jump to the bounds.
 */
import type { InputBounds } from '@solar/domain/estimate';
import {
  Slider as AriaSlider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
} from 'react-aria-components';
import { cn } from './cn.ts';
import { Label } from './field.tsx';
import { NumberField } from './number-field.tsx';

export interface SliderFieldProps {
  /** Visible label of the slider (e.g. "Monthly electricity use"). */
  label: string;
  /** Accessible name of the paired number input (e.g. "Monthly electricity use, kWh"). */
  inputLabel: string;
  /** The current value, in the field's unit (kWh or som). */
  value: number;
  /** Called with the new value from the slider or the input (an emptied input gives `min`). */
  onChange: (value: number) => void;
  /** min, max and step; use KWH_SLIDER or BILL_SLIDER from @solar/domain. */
  bounds: InputBounds & { max: number };
  /** Intl options for the shown value, e.g. `{ style: 'currency', currency: 'KGS' }`. @default undefined (plain number) */
  formatOptions?: Intl.NumberFormatOptions;
  /** Unit written after the shown value and read with it ("kWh", "som"). @default undefined (none) */
  unit?: string;
  /** Disables the slider and the input. @default false */
  isDisabled?: boolean;
  /** Extra classes for the outer block. @default undefined */
  className?: string;
}

/**
 * A slider plus a number input sharing one value, with the value shown beside the label.
 *
 * Use when the user sets a quantity within known bounds and a rough value is fine, with
 * the input for an exact one (monthly use in kWh, monthly bill in som).
 *
 * Don't use when there are no sensible bounds or only an exact value makes sense (use
 * `NumberField`), or for a choice between named options (use `RadioGroup`).
 */
export function SliderField({
  label,
  inputLabel,
  value,
  onChange,
  bounds,
  formatOptions,
  unit,
  isDisabled,
  className,
}: SliderFieldProps) {
  const { min, max, step } = bounds;
  return (
    <div data-slot="slider-field" className={cn('flex flex-col gap-2', className)}>
      <AriaSlider
        value={value}
        onChange={onChange}
        minValue={min}
        maxValue={max}
        step={step}
        isDisabled={isDisabled}
        formatOptions={formatOptions}
        className="flex flex-col gap-2"
      >
        <div className="flex items-baseline justify-between gap-4">
          <Label>{label}</Label>
          <SliderOutput className="text-sm font-semibold text-fg tabular-nums">
            {({ state }) =>
              unit ? `${state.getThumbValueLabel(0)} ${unit}` : state.getThumbValueLabel(0)
            }
          </SliderOutput>
        </div>
        <SliderTrack className="relative h-6 w-full data-[disabled]:opacity-60">
          {({ state }) => (
            <>
              <div className="absolute top-1/2 h-2 w-full -translate-y-1/2 rounded-pill bg-surface-sunken ring-1 ring-border-strong ring-inset" />
              <div
                className="absolute top-1/2 h-2 -translate-y-1/2 rounded-pill bg-brand-accent"
                style={{ width: `${state.getThumbPercent(0) * 100}%` }}
              />
              <SliderThumb
                className={cn(
                  'top-1/2 size-5 rounded-pill border-2 border-brand-accent bg-surface-raised shadow-card',
                  'data-[dragging]:bg-brand-soft-strong',
                  'data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-focus',
                )}
              />
            </>
          )}
        </SliderTrack>
      </AriaSlider>
      <NumberField
        label={inputLabel}
        hideLabel
        value={value}
        onChange={(next) => onChange(Number.isNaN(next) ? min : next)}
        minValue={min}
        maxValue={max}
        step={step}
        isDisabled={isDisabled}
        className="w-44"
      />
    </div>
  );
}
