/**
 * PortfolioCard: the solar data the chat collected (docs/product.md#ai-chat and
 * #errors-and-messages): monthly use (kWh), monthly bill (som), roof type, roof area (m2) and
 * location. States: filled, partial (unknown facts show a dash), empty (no fact yet: the empty
 * message), loading, and error with retry. Labels, units and roof type names arrive translated;
 * numbers are formatted for `locale`. A roof type without a translated name (free text from a
 * model) shows as it is. `sources` adds under a fact the conversation it came from (facts are
 * merged across conversations, the latest winning).
 */
import type { Portfolio, PortfolioFactKey } from '@solar/domain/contract';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from './card.tsx';
import { AlertIcon, SunIcon } from './icons.tsx';
import { formatNumber, formatSom } from './format.ts';
import { Spinner } from './spinner.tsx';
import { cn } from './cn.ts';

export interface PortfolioCardLabels {
  /** Card heading ("Your solar portfolio"). */
  title: string;
  /** Label of the monthly use (kWh). */
  monthlyKwh: string;
  /** Label of the monthly bill (som). */
  monthlyBill: string;
  /** Label of the roof type. */
  roofType: string;
  /** Label of the roof area (m²). */
  roofArea: string;
  /** Label of the location. */
  location: string;
  /** Shown with no fact collected yet. */
  empty: string;
  /** "Failed to load portfolio". */
  error: string;
  /** Text of the retry button ("Retry"). */
  retry: string;
  /** Text beside the spinner while loading. */
  loading: string;
  /** Screen-reader text for a dash ("Not known yet"). */
  unknown: string;
  /** "Updated Mar 14, 10:30", already formatted; omit to hide. */
  updated?: string;
  /** Unit symbols: kilowatt-hours ("kWh", "кВт·ч") and square metres ("m²", "м²"). */
  units: { kwh: string; m2: string };
  /** Names of the canonical roof types (domain ROOF_TYPES: flat, pitched, metal...). */
  roofTypes: Readonly<Record<string, string>>;
}

export interface PortfolioCardProps {
  /** The collected facts (kWh per month, som per month, m²...); null before any. */
  portfolio: Portfolio | null;
  /** `ready` shows the facts (or the empty message), `loading` a spinner, `error` the error with retry. */
  status: 'ready' | 'loading' | 'error';
  /** Called when the user presses retry. @default undefined */
  onRetry?: () => void;
  /** Translated labels, units and roof type names. */
  labels: PortfolioCardLabels;
  /**
   * Where each fact came from, already translated and formatted ("From “Roof questions”,
   * Mar 14"); a fact without an entry shows no source line. Omit to show none.
   */
  sources?: Readonly<Partial<Record<PortfolioFactKey, string>>>;
  /** Interface locale for numbers (en, es, ru). */
  locale: string;
  /** Extra classes for the card. @default undefined */
  className?: string;
}

/** True when the portfolio has no fact at all. */
export function isPortfolioEmpty(p: Portfolio | null): boolean {
  if (!p) return true;
  const { monthlyKwh, monthlyBill } = p.electricityConsumption;
  const { roofType, roofArea, location } = p.propertyInfo;
  return [monthlyKwh, monthlyBill, roofType, roofArea, location].every((v) => v === null);
}

/**
 * A card of the solar facts the chat has collected, with loading, error and empty states.
 *
 * Use when showing the user's portfolio beside the chat or on the dashboard.
 *
 * Don't use when showing an estimate's results (use `EstimateResults`), or for facts the
 * user is still entering (use form fields).
 */
export function PortfolioCard({
  portfolio,
  status,
  onRetry,
  labels,
  sources = {},
  locale,
  className,
}: PortfolioCardProps) {
  let body: ReactNode;
  if (status === 'loading') {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label={labels.loading} showLabel />
      </div>
    );
  } else if (status === 'error') {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="flex items-center gap-1.5 text-sm font-medium text-danger-fg">
          <AlertIcon className="size-4" />
          {labels.error}
        </p>
        <Button variant="secondary" size="sm" onPress={onRetry}>
          {labels.retry}
        </Button>
      </div>
    );
  } else if (!portfolio || isPortfolioEmpty(portfolio)) {
    body = (
      <p className="flex items-start gap-2 text-sm text-fg-muted">
        <SunIcon className="mt-0.5 size-4 shrink-0" />
        {labels.empty}
      </p>
    );
  } else {
    const { monthlyKwh, monthlyBill } = portfolio.electricityConsumption;
    const { roofType, roofArea, location } = portfolio.propertyInfo;
    const rows: [PortfolioFactKey, string, string | null][] = [
      [
        'monthlyKwh',
        labels.monthlyKwh,
        monthlyKwh === null ? null : `${formatNumber(monthlyKwh, locale)}\u00a0${labels.units.kwh}`,
      ],
      [
        'monthlyBill',
        labels.monthlyBill,
        monthlyBill === null ? null : formatSom(monthlyBill, locale),
      ],
      [
        'roofType',
        labels.roofType,
        roofType === null
          ? null
          : Object.hasOwn(labels.roofTypes, roofType)
            ? labels.roofTypes[roofType]!
            : roofType,
      ],
      [
        'roofArea',
        labels.roofArea,
        roofArea === null ? null : `${formatNumber(roofArea, locale)}\u00a0${labels.units.m2}`,
      ],
      ['location', labels.location, location],
    ];
    body = (
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([key, label, value]) => (
          <div key={key} className="contents">
            <dt className="text-fg-muted">{label}</dt>
            <dd
              className={cn('text-right font-medium', value === null ? 'text-fg-muted' : 'text-fg')}
            >
              {value ?? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">{labels.unknown}</span>
                </>
              )}
              {value !== null && sources[key] && (
                <span className="block text-xs font-normal text-fg-muted">{sources[key]}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <Card data-slot="portfolio-card" className={className}>
      <CardHeader>
        <CardTitle level={2} className="text-base">
          {labels.title}
        </CardTitle>
        {status === 'ready' && labels.updated && !isPortfolioEmpty(portfolio) && (
          <CardDescription>{labels.updated}</CardDescription>
        )}
      </CardHeader>
      {body}
    </Card>
  );
}
