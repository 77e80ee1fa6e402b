import { useIntl } from 'react-intl';
import { useLocale } from '../app/intl.tsx';
import { LOCALES, type Locale } from '../i18n/locales.ts';

const NAMES: Record<Locale, string> = { en: 'English', es: 'Español', ru: 'Русский' };

/** The language selector of the shell (spec section 1). */
export function LanguageSelect() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <label className="flex items-center gap-2 text-sm text-fg-muted">
      {intl.formatMessage({ id: 'language.label', defaultMessage: 'Language' })}
      <select
        className="rounded-control border border-border bg-surface-raised px-2 py-1 text-fg"
        value={locale}
        onChange={(event) => setLocale(event.target.value as Locale)}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
