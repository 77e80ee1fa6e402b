/**
 * Coordinates typed by hand in the location step (docs/product.md#full-calculator): the way
 * on when neither the map nor the address search can place the site. Latitude and longitude
 * in decimal degrees (a comma or a point), validated with the domain's
 * `typedCoordinatesSchema` (-90..90, -180..180), each field with its own message and focus
 * on the first invalid one; a valid pair goes to `onSubmit` in degrees.
 */
import { typedCoordinatesSchema, type TypedCoordinates } from '@solar/domain';
import { Button, TextField } from '@solar/ui';
import { useId } from 'react';
import { useIntl } from 'react-intl';
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
  return (
    <form
      ref={connect}
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-card border border-border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const coordinates = validate(typedCoordinatesSchema);
        if (coordinates) onSubmit(coordinates);
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
      <Button type="submit" variant="secondary" className="self-start">
        {t('fullCalculator.coordinates.submit')}
      </Button>
    </form>
  );
}
