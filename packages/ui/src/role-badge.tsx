/**
 * RoleBadge: a role's display name on its badge colour (docs/product.md#roles-and-permissions:
 * seven roles, each with its own colour). Colours are theme tokens equal to ROLE_BADGE_COLORS of
 * @solar/domain; an unknown role gets the neutral badge. The label arrives translated.
 */
import { parseRole, type RoleKey } from '@solar/domain';
import { cva } from 'class-variance-authority';
import { cn } from './cn.ts';

/** Classes of the badge, by role (background and text colour of each of the seven roles). */
export const roleBadgeVariants = cva(
  'inline-flex items-center rounded-pill px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      role: {
        admin: 'bg-role-admin text-role-admin-fg',
        project_manager: 'bg-role-project-manager text-role-project-manager-fg',
        installer: 'bg-role-installer text-role-installer-fg',
        roof_inspector: 'bg-role-roof-inspector text-role-roof-inspector-fg',
        client_residential: 'bg-role-client-residential text-role-client-residential-fg',
        client_commercial: 'bg-role-client-commercial text-role-client-commercial-fg',
        supplier: 'bg-role-supplier text-role-supplier-fg',
        unknown: 'bg-role-unknown text-role-unknown-fg',
      } satisfies Record<RoleKey | 'unknown', string>,
    },
  },
);

export interface RoleBadgeProps {
  /** The role in any form `parseRole` reads (session key, API name or code). */
  userRole: unknown;
  /** The translated display name ("Administrator"). */
  label: string;
  /** Extra classes for the pill. @default undefined */
  className?: string;
}

/**
 * A coloured pill naming a user's role, in that role's colour.
 *
 * Use when showing a user's role (the users table, the dashboard user card).
 *
 * Don't use when showing a state that changes, such as active or inactive (use
 * `StatusBadge`), or for a person (use `Avatar`).
 */
export function RoleBadge({ userRole, label, className }: RoleBadgeProps) {
  const key = parseRole(userRole) ?? 'unknown';
  return (
    <span
      data-slot="role-badge"
      data-role={key}
      className={cn(roleBadgeVariants({ role: key }), className)}
    >
      {label}
    </span>
  );
}
