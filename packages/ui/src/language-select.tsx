/**
 * LanguageSelect: the interface language picker (spec section 1: English, Spanish,
 * Russian). Each language is named in itself and marked with its `lang`, so screen
 * readers pronounce it right. The caller stores the choice.
 */
import { LOCALES, type Locale } from '@solar/domain/constants';
import { Select } from './select.tsx';

/** Each interface language in its own language. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  es: 'Español',
  ru: 'Русский',
};

export interface LanguageSelectProps {
  /** Translated label ("Language"). */
  label: string;
  /** Show the label only to screen readers (compact headers). */
  hideLabel?: boolean;
  value: Locale;
  onChange: (locale: Locale) => void;
  className?: string;
}

/** A dropdown of the three interface languages. */
export function LanguageSelect({
  label,
  hideLabel,
  value,
  onChange,
  className,
}: LanguageSelectProps) {
  return (
    <Select<Locale>
      label={label}
      hideLabel={hideLabel}
      options={LOCALES.map((id) => ({ id, label: LANGUAGE_NAMES[id], lang: id }))}
      value={value}
      onChange={onChange}
      className={className ?? 'w-40'}
    />
  );
}
