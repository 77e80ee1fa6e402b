/**
 * Coordinates typed by hand in the location step (docs/product.md#full-calculator): the way
 * on when neither the map nor the address search can place the site. Latitude and longitude
 * in decimal degrees (a comma or a point), validated with the domain's
 * `typedCoordinatesSchema` (-90..90, -180..180), each field with its own message and focus
 * on the first invalid one; a valid pair goes to `onSubmit` in degrees. The schema loads on
 * the form's first focus (forms/load-validation.ts).
 */
import { globalErrorMessages, type TypedCoordinates } from '@solar/domain';
import { Button, TextField } from '@solar/ui';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { loadValidation, preloadValidation } from '../../forms/load-validation.ts';
import { useForm } from '../../forms/use-form.ts';

export interface CoordinatesFormProps {
  /** A valid pair, degrees. */
  onSubmit: (coordinates: TypedCoordinates) => void;
}

/** The two fields and the button, in a titled group. */
export function CoordinatesForm({ onSubmit }: CoordinatesFormProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const headingId = useId();
  const { connect, field, validate } = useForm(['latitude', 'longitude'] as const, {
    latitude: '',
    longitude: '',
  });
  // The connection message when the schema's code could not be fetched (offline).
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <form
      ref={connect}
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-card border border-border p-4"
      onFocus={preloadValidation}
      onSubmit={(event) => {
        event.preventDefault();
        void loadValidation().then((rules) => {
          if (!rules) return setFailure(intl.formatMessage(globalErrorMessages.connection));
          setFailure(null);
          const coordinates = validate(rules.typedCoordinatesSchema);
          if (coordinates) onSubmit(coordinates);
        });
      }}
    >
      <h3 id={headingId} className="text-base font-semibold">
        {t('fullCalculator.coordinates.title')}
      </h3>
      <p className="text-sm text-fg-muted">{t('fullCalculator.coordinates.hint')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          {...field('latitude')}
          label={t('fullCalculator.coordinates.latitude')}
          description={t('fullCalculator.coordinates.latitudeHint')}
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField
          {...field('longitude')}
          label={t('fullCalculator.coordinates.longitude')}
          description={t('fullCalculator.coordinates.longitudeHint')}
          inputMode="decimal"
          autoComplete="off"
        />
      </div>
      {failure && (
        <p role="alert" className="text-sm text-danger-fg">
          {failure}
        </p>
      )}
      <Button type="submit" variant="secondary" className="self-start">
        {t('fullCalculator.coordinates.submit')}
      </Button>
    </form>
  );
}
