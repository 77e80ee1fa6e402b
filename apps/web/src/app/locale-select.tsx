/**
 * The language selector bound to the app's locale (docs/product.md#languages-and-formats), on its
 * own so the public pages (sign-in, legal pages, the signed-out calculator) use it without loading
 * the signed-in shell.
 */
import { LanguageSelect } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useLocale } from './intl.tsx';

/** The language selector bound to the app's locale. */
export function LocaleSelect({ hideLabel = true }: { hideLabel?: boolean }) {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <LanguageSelect
      label={intl.formatMessage({ id: 'language.label' })}
      value={locale}
      onChange={setLocale}
      hideLabel={hideLabel}
    />
  );
}
