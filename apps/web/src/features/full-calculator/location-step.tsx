/**
 * Step 1 of the full calculator (docs/product.md#full-calculator): the location.
 * On arrival the browser's position is read (geolocation, 10 s timeout, 1 minute maximum
 * age) and reverse geocoded by `GET /geo/reverse`; each geolocation error shows its own
 * message and opens the manual picker. Manual: an address search submitted with Enter or
 * Search (address-search.tsx; a place must be picked from what it finds), a Leaflet map
 * (lazy) whose marker can be clicked or dragged into place (reverse geocoded), and
 * coordinates typed by hand (coordinates-form.tsx). There is always a way on
 * (docs/decisions/032-geocoding-providers-and-fallback-estimate.md): when the address
 * lookup fails the point is kept with its coordinates as the address; when the map fails
 * the coordinates form opens; when the search fails too, the ways left are said next to it.
 * Default centre New York, zoom 15 (domain MAP_DEFAULTS). The map goes loading -> ready or
 * error; its tiles' failures are its own inline message, never a global toast. 'Use this
 * location' hands the selection to step 2.
 */
import {
  GEOLOCATION,
  geolocationMessages,
  MAP_DEFAULTS,
  mapMessages,
  type MapSelection,
  type MessageDescriptor,
  type ProjectLocation,
} from '@solar/domain';
import { useApiClient, useConfig } from '@solar/api/react';
import { Button, Card, Spinner } from '@solar/ui';
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useIntl } from 'react-intl';
import { HANDLED_LOAD_ERRORS } from '../../app/global-errors.ts';
import {
  coordinatesText,
  currentPosition,
  GeolocationFailure,
  type Coordinates,
} from '../calculator/geolocation.ts';
import { AddressSearch, type AddressSearchState } from './address-search.tsx';
import { CoordinatesForm } from './coordinates-form.tsx';

const MapPicker = lazy(() => import('./map-picker.tsx'));

/** OpenStreetMap's standard tiles, used when the server's /config names none. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * The tile URL template from `GET /config` (`tileUrl`, the server's TILE_URL), else OSM's.
 * TODO(domain): ConfigResponse lacks `tileUrl`; read defensively until the contract has it.
 */
export function tileUrlOf(config: unknown): string {
  const value = (config as { tileUrl?: unknown } | undefined)?.tileUrl;
  return typeof value === 'string' && value.trim() !== '' ? value : OSM_TILE_URL;
}

/** Renders `fallback` when the lazy map module fails to load. */
class MapBoundary extends Component<
  { fallback: ReactNode; onError: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type Phase = 'detecting' | 'chosen' | 'manual';
type MapStatus = 'loading' | 'ready' | 'error';

export interface LocationStepProps {
  /** A location chosen before ('change location' comes back with it). */
  initial: ProjectLocation | null;
  /** 'Use this location'. */
  onUse: (selection: ProjectLocation) => void;
  /** Reads the position (tests and stories pass a stub); default the browser's. */
  locate?: (maximumAgeMs: number) => Promise<Coordinates>;
}

/** The location step. */
export function LocationStep({ initial, onUse, locate = currentPosition }: LocationStepProps) {
  const intl = useIntl();
  const api = useApiClient();
  const config = useConfig();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [phase, setPhase] = useState<Phase>(initial ? 'chosen' : 'detecting');
  /** The place shown; an address as typed has no point (`addressVerified: false`). */
  const [selection, setSelection] = useState<ProjectLocation | null>(initial);
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const [mapStatus, setMapStatus] = useState<MapStatus>('loading');
  const [resolving, setResolving] = useState(false);
  /** The shown selection is raw coordinates: the address lookup failed. */
  const [coordinatesOnly, setCoordinatesOnly] = useState(false);
  const [center, setCenter] = useState<Coordinates>(
    pointOf(initial) ?? {
      latitude: MAP_DEFAULTS.center.latitude,
      longitude: MAP_DEFAULTS.center.longitude,
    },
  );
  const useButton = useRef<HTMLButtonElement>(null);
  const started = useRef(false);
  const [search, setSearch] = useState<AddressSearchState>({ text: '', failed: false });
  const [coordinatesOpen, setCoordinatesOpen] = useState(false);
  const coordinatesId = useId();

  /** Set to move focus to 'Use this location' once the next selection is on screen. */
  const focusUseNext = useRef(false);
  /** Keyboard users go on from 'Use this location' after picking a place or typing coordinates. */
  const focusUse = () => {
    focusUseNext.current = true;
  };
  useEffect(() => {
    if (!selection || !focusUseNext.current) return;
    focusUseNext.current = false;
    useButton.current?.focus();
  }, [selection]);

  /** The point with its address; raw coordinates (flagged) when the lookup fails. */
  async function reverse(point: Coordinates): Promise<MapSelection> {
    setResolving(true);
    try {
      const place = await api.geo.reverse(point.latitude, point.longitude);
      setCoordinatesOnly(false);
      return {
        address: place.address,
        latitude: point.latitude,
        longitude: point.longitude,
        placeId: place.placeId,
      };
    } catch {
      setCoordinatesOnly(true);
      const text = coordinatesText(point);
      return { address: text, latitude: point.latitude, longitude: point.longitude, placeId: text };
    } finally {
      setResolving(false);
    }
  }

  useEffect(() => {
    if (phase !== 'detecting' || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const point = await locate(GEOLOCATION.fullMaximumAgeMs);
        setCenter(point);
        setSelection(await reverse(point));
        setPhase('chosen');
      } catch (failure) {
        setProblem(
          failure instanceof GeolocationFailure
            ? failure.descriptor
            : geolocationMessages.positionUnavailable,
        );
        setPhase('manual');
      }
    })();
    // Runs once on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function choose(next: MapSelection) {
    setProblem(null);
    setSelection(next);
    setCenter(next);
  }

  /** An address picked from the search: a real place. */
  function chooseFromSearch(next: MapSelection) {
    setCoordinatesOnly(false);
    focusUse();
    choose(next);
  }

  async function pickOnMap(point: Coordinates) {
    setProblem(null);
    setSelection(null);
    choose(await reverse(point));
  }

  /** Coordinates typed by hand: the point, with its address when the geocoder finds one. */
  async function chooseCoordinates(point: Coordinates) {
    focusUse();
    await pickOnMap(point);
  }

  /** The address as typed, while no geocoder can check it: no point, marked unverified. */
  function chooseTypedAddress() {
    setProblem(null);
    setCoordinatesOnly(false);
    focusUse();
    setSelection({ address: search.text, latitude: null, longitude: null, addressVerified: false });
  }

  const tileUrl = config.isPending ? null : tileUrlOf(config.data);
  const mapLabel = t('fullCalculator.map.label');
  const mapError = (
    <p role="alert" className="rounded-card border border-border p-4 text-sm text-danger-fg">
      {t('fullCalculator.map.error')}
    </p>
  );

  return (
    <Card className="flex flex-col gap-4 p-5">
      <h2 className="text-lg font-semibold">{t('fullCalculator.location.title')}</h2>
      {phase === 'detecting' && (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-fg-muted">
            {intl.formatMessage(geolocationMessages.requestAccess)}
          </p>
          <Spinner label={t('fullCalculator.location.detecting')} showLabel />
          <Button variant="secondary" className="self-start" onPress={() => setPhase('manual')}>
            {t('fullCalculator.location.chooseOnMap')}
          </Button>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-danger-fg">
          {intl.formatMessage(problem)}
        </p>
      )}
      {phase === 'manual' && (
        <div className="flex flex-col gap-4">
          <AddressSearch onSelect={chooseFromSearch} onSearchState={setSearch} />
          {search.failed && (
            <div className="flex flex-col gap-2">
              <p role="status" className="text-sm">
                {t(
                  mapStatus === 'error'
                    ? 'fullCalculator.wayOn.mapDown'
                    : 'fullCalculator.wayOn.mapUp',
                )}
              </p>
              {search.text !== '' && (
                <Button variant="secondary" className="self-start" onPress={chooseTypedAddress}>
                  {t('fullCalculator.typed.use')}
                </Button>
              )}
            </div>
          )}
          {mapStatus !== 'error' && (
            <p className="text-sm text-fg-muted">{t('fullCalculator.map.hint')}</p>
          )}
          {/* The map's box keeps its height while it loads; its error needs no more room. */}
          <div
            className={mapStatus === 'error' ? 'relative' : 'relative min-h-80'}
            {...HANDLED_LOAD_ERRORS}
          >
            {tileUrl === null ? (
              <MapLoading label={t('fullCalculator.map.loading')} />
            ) : (
              <MapBoundary fallback={mapError} onError={() => setMapStatus('error')}>
                <Suspense fallback={<MapLoading label={t('fullCalculator.map.loading')} />}>
                  {mapStatus === 'error' ? (
                    mapError
                  ) : (
                    <MapPicker
                      center={center}
                      zoom={MAP_DEFAULTS.zoom}
                      marker={pointOf(selection)}
                      tileUrl={tileUrl}
                      attribution={OSM_ATTRIBUTION}
                      label={mapLabel}
                      markerLabel={t('fullCalculator.map.marker')}
                      onPick={(point) => void pickOnMap(point)}
                      onStatus={setMapStatus}
                    />
                  )}
                  {mapStatus === 'loading' && (
                    <div className="absolute inset-0">
                      <MapLoading label={t('fullCalculator.map.loading')} />
                    </div>
                  )}
                </Suspense>
              </MapBoundary>
            )}
          </div>
          {mapStatus === 'error' ? (
            <CoordinatesForm onSubmit={(point) => void chooseCoordinates(point)} />
          ) : (
            <div className="flex flex-col gap-3">
              <Button
                variant="secondary"
                className="self-start"
                aria-expanded={coordinatesOpen}
                aria-controls={coordinatesId}
                onPress={() => setCoordinatesOpen((open) => !open)}
              >
                {t('fullCalculator.coordinates.toggle')}
              </Button>
              <div id={coordinatesId} hidden={!coordinatesOpen}>
                {coordinatesOpen && (
                  <CoordinatesForm onSubmit={(point) => void chooseCoordinates(point)} />
                )}
              </div>
            </div>
          )}
        </div>
      )}
      {resolving && (
        <div role="status">
          <Spinner label={t('fullCalculator.location.resolving')} showLabel size="sm" />
        </div>
      )}
      {selection && (
        <div className="flex flex-col gap-3 rounded-card border border-border bg-surface-raised p-4">
          <p className="text-sm">
            <span className="font-medium">{t('fullCalculator.location.selected')}</span>{' '}
            <span>{selection.address}</span>
          </p>
          {coordinatesOnly && (
            <p role="status" className="text-sm text-fg-muted">
              {intl.formatMessage(mapMessages.reverseGeocodeFailed)}.{' '}
              {t('fullCalculator.location.coordinatesOnly')}
            </p>
          )}
          {selection.addressVerified === false && (
            <p role="status" className="rounded-control bg-surface-sunken p-3 text-sm">
              <span className="font-medium">{t('fullCalculator.typed.label')}</span>{' '}
              {t('fullCalculator.typed.note')}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button ref={useButton} onPress={() => onUse(selection)}>
              {t('fullCalculator.location.use')}
            </Button>
            {phase === 'chosen' && (
              <Button variant="secondary" onPress={() => setPhase('manual')}>
                {t('fullCalculator.location.chooseDifferent')}
              </Button>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}

/** The point of a location, or null when it has none (an address as typed). */
function pointOf(location: ProjectLocation | null): Coordinates | null {
  return location && location.latitude !== null && location.longitude !== null
    ? { latitude: location.latitude, longitude: location.longitude }
    : null;
}

function MapLoading({ label }: { label: string }) {
  return (
    <div className="flex h-80 w-full items-center justify-center rounded-card border border-border bg-surface-sunken">
      <Spinner label={label} showLabel />
    </div>
  );
}
