/**
 * The browser's position for the calculators (docs/product.md#errors-and-messages and
 * #full-calculator): one reading with a 10 s timeout and a cached position of at most
 * `maximumAgeMs` (5 minutes on the quick calculator, 1 minute on the full one: domain
 * `GEOLOCATION`). Each failure has its own message (domain `geolocationMessages`): not supported,
 * permission denied, position unavailable, timed out.
 */
import {
  GEOLOCATION,
  geolocationAddressMessages,
  geolocationMessages,
  type MessageDescriptor,
} from '@solar/domain';

/** A position in degrees. */
export interface Coordinates {
  readonly latitude: number;
  readonly longitude: number;
}

/**
 * Why no position was read. `descriptor` is the message for a page with a map (choose the
 * location on the map); `addressDescriptor` the one for a page without (type the address).
 */
export class GeolocationFailure extends Error {
  override name = 'GeolocationFailure';
  readonly reason: 'notSupported' | 'permissionDenied' | 'positionUnavailable' | 'timeout';
  readonly descriptor: MessageDescriptor;
  readonly addressDescriptor: MessageDescriptor;
  constructor(reason: GeolocationFailure['reason']) {
    super(geolocationMessages[reason].defaultMessage);
    this.reason = reason;
    this.descriptor = geolocationMessages[reason];
    this.addressDescriptor =
      reason === 'notSupported'
        ? geolocationMessages.notSupported
        : geolocationAddressMessages[reason];
  }
}

/** GeolocationPositionError codes (1 denied, 2 unavailable, 3 timeout) -> our reasons. */
const REASONS: Record<number, GeolocationFailure['reason']> = {
  1: 'permissionDenied',
  2: 'positionUnavailable',
  3: 'timeout',
};

/**
 * Reads the current position once; rejects with GeolocationFailure. `geolocation` is
 * `navigator.geolocation` by default (tests pass a stub).
 */
export function currentPosition(
  maximumAgeMs: number,
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new GeolocationFailure('notSupported'));
      return;
    }
    geolocation.getCurrentPosition(
      (position) =>
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new GeolocationFailure(REASONS[error.code] ?? 'positionUnavailable')),
      { enableHighAccuracy: false, timeout: GEOLOCATION.timeoutMs, maximumAge: maximumAgeMs },
    );
  });
}

/** Raw coordinates as an address fallback: "42.87460, 74.56980" (5 decimals, about 1 m). */
export function coordinatesText({ latitude, longitude }: Coordinates): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}
