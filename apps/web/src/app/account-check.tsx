/**
 * Holds a permission-gated route until `GET /auth/me` has confirmed the session's role in
 * this page (docs/decisions/035-one-session-across-tabs.md). Its own module, loaded by the
 * route guard only for such routes, so public pages do not carry the query machinery.
 */
import { useAccountChecked } from '@solar/api/react/me';
import type { ReactNode } from 'react';

/** Renders `children` once the account is checked, `fallback` until then. */
export default function AccountCheck({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback: ReactNode;
}) {
  return useAccountChecked() ? children : fallback;
}
