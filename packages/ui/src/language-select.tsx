/**
 * LanguageSelect: the interface language picker (docs/product.md#languages-and-formats: English,
 * Spanish, Russian), a native `<select>` drawn like the design system's Select trigger (the
 * browser's own list opens on it, so it needs no script beyond React's). Each language is
 * named in itself and marked with its `lang`, so screen readers pronounce it right. The
 * caller stores the choice.
 */
import { LANGUAGE_NAMES, LOCALES, type Locale } from '@solar/domain/constants';
import { useId } from 'react';
import { cn } from './cn.ts';
import { labelClass } from './field-styles.ts';
import { ChevronDownIcon } from './icons.tsx';

/** Each interface language in its own language (the domain's list). */
export { LANGUAGE_NAMES };

export interface LanguageSelectProps {
  /** Translated label ("Language"). */
  label: string;
  /** Show the label only to screen readers (compact headers). @default false */
  hideLabel?: boolean;
  /** The current language (`en`, `es` or `ru`). */
  value: Locale;
  /** Called with the chosen language; the caller stores it and switches the interface. */
  onChange: (locale: Locale) => void;
  /** Extra classes for the outer block. @default undefined */
  className?: string;
}

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

/**
 * A dropdown of the three interface languages, each named in itself (a native `<select>`).
 *
 * Use when the user picks the interface language (headers, the auth pages, the profile).
 *
 * Don't use when the choice is other data: use `Select` for a list of options, or
 * `RadioGroup` when two to five options should all stay visible.
 */
export function LanguageSelect({
  label,
  hideLabel,
  value,
  onChange,
  className,
}: LanguageSelectProps) {
  const id = useId();
  return (
    <div data-slot="language-select" className={cn('flex flex-col gap-1.5', className ?? 'w-40')}>
      <label htmlFor={id} className={cn(labelClass, hideLabel && 'sr-only')}>
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          lang={value}
          onChange={(event) => {
            if (isLocale(event.target.value)) onChange(event.target.value);
          }}
          className={cn(
            'h-10 w-full cursor-pointer appearance-none rounded-control border border-border-strong bg-surface-raised pr-9 pl-3 text-sm text-fg',
            'outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus focus-visible:outline-solid',
          )}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LANGUAGE_NAMES[locale]}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-muted" />
      </div>
    </div>
  );
}
