/**
 * Dates and roles of the user screens, per interface language
 * (docs/product.md#roles-and-permissions and #user-administration): created and last-login dates
 * with react-intl, "Never" for a user who never signed in, the last login also relative to the app
 * clock ("3 days ago"), and the role options of the user type selects in the spec's display names.
 */
import { ROLE_KEYS, roleMessages, userMessages, type RoleKey } from '@solar/domain';
import { useIntl } from 'react-intl';
import { useNow } from '../../app/clock.tsx';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The unit and signed amount to say how long ago `thenMs` was at `nowMs` (both epoch ms). */
export function relativeParts(
  thenMs: number,
  nowMs: number,
): { value: number; unit: 'minute' | 'hour' | 'day' | 'month' | 'year' } {
  const diff = thenMs - nowMs;
  const size = Math.abs(diff);
  if (size < HOUR) return { value: Math.round(diff / MINUTE), unit: 'minute' };
  if (size < DAY) return { value: Math.round(diff / HOUR), unit: 'hour' };
  if (size < 30 * DAY) return { value: Math.round(diff / DAY), unit: 'day' };
  if (size < 365 * DAY) return { value: Math.round(diff / (30 * DAY)), unit: 'month' };
  return { value: Math.round(diff / (365 * DAY)), unit: 'year' };
}

/** Formatters for user dates: `date` (medium date), `dateTime`, `relative` (from the app clock). */
export function useUserDates() {
  const intl = useIntl();
  const now = useNow();
  return {
    date: (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' }),
    dateTime: (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }),
    relative: (iso: string) => {
      const { value, unit } = relativeParts(Date.parse(iso), now());
      return intl.formatRelativeTime(value, unit, { numeric: 'auto' });
    },
    never: intl.formatMessage(userMessages.never),
  };
}

/** The seven roles as select options, in user type order, with their display names. */
export function useRoleOptions(): { id: RoleKey; label: string }[] {
  const intl = useIntl();
  return ROLE_KEYS.map((role) => ({ id: role, label: intl.formatMessage(roleMessages[role]) }));
}
