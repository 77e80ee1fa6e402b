/** The dashboard's link cards and labelled panels (docs/product.md#dashboard). */
import type { NavItem } from '@solar/domain';
import {
  CalculatorIcon,
  Card,
  CardDescription,
  CardHeader,
  CardTitle,
  Link,
  SunIcon,
  UserIcon,
  UsersIcon,
} from '@solar/ui';
import type { ComponentType, ReactNode } from 'react';
import { useIntl } from 'react-intl';

/** The icon of each link card (domain `dashboardCards` ids). */
const CARD_ICONS: Readonly<Record<string, ComponentType<{ className?: string }>>> = {
  quickCalculator: SunIcon,
  fullCalculator: CalculatorIcon,
  profile: UserIcon,
  users: UsersIcon,
};

/**
 * One link card: an icon, the title as the link (the whole card is its target: the link's
 * box is stretched over the card, and the focus ring drawn around the card), a description.
 */
export function LinkCard({ card }: { card: NavItem }) {
  const intl = useIntl();
  const Icon = CARD_ICONS[card.id];
  return (
    <Card
      className="relative w-full gap-3 transition-colors has-[[data-hovered]]:border-brand-accent"
      data-card={card.id}
    >
      {Icon && (
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-control bg-brand-soft-strong text-brand-fg [&_svg]:size-5"
        >
          <Icon />
        </span>
      )}
      <CardHeader>
        <CardTitle level={3}>
          <Link
            href={card.path ?? undefined}
            className="no-underline after:absolute after:inset-0 after:rounded-card data-[focus-visible]:outline-none data-[focus-visible]:after:outline-2 data-[focus-visible]:after:outline-offset-2 data-[focus-visible]:after:outline-focus data-[focus-visible]:after:outline-solid"
          >
            {intl.formatMessage(card.label)}
          </Link>
        </CardTitle>
        <CardDescription>{intl.formatMessage({ id: `dashboard.card.${card.id}` })}</CardDescription>
      </CardHeader>
    </Card>
  );
}

/** A labelled card section (a region named by its heading). */
export function Panel({
  id,
  title,
  description,
  className,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={id} className={className} data-card={id}>
      <CardHeader>
        <CardTitle id={id} level={2}>
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children}
    </Card>
  );
}
