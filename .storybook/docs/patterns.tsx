/**
 * The pattern pages' examples (.storybook/docs/patterns-*.mdx): the real components of
 * packages/ui in the arrangements the product uses, each "do" beside its "don't". Texts are
 * the product's English; the stories of each component show the other languages.
 */
import type { ReactNode } from 'react';
import { Button } from '../../packages/ui/src/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../packages/ui/src/card.tsx';
import { EmptyState } from '../../packages/ui/src/empty-state.tsx';
import { Input } from '../../packages/ui/src/field.tsx';
import {
  AlertIcon,
  CheckCircleIcon,
  ProjectIcon,
  SearchIcon,
  XIcon,
} from '../../packages/ui/src/icons.tsx';
import { ButtonLink } from '../../packages/ui/src/link.tsx';
import { LoadError } from '../../packages/ui/src/load-error.tsx';
import { NumberField } from '../../packages/ui/src/number-field.tsx';
import { Stat, StatGroup } from '../../packages/ui/src/stat.tsx';
import { StatusBadge } from '../../packages/ui/src/status-badge.tsx';
import { TextField } from '../../packages/ui/src/text-field.tsx';

/** One example panel: a "Do" or "Don't" heading, the live example and why. */
function Example({
  kind,
  why,
  children,
}: {
  kind: 'do' | 'dont';
  why: string;
  children: ReactNode;
}) {
  const good = kind === 'do';
  return (
    <figure
      style={{ margin: 0, display: 'grid', gap: '0.75rem', alignContent: 'start' }}
      className={`rounded-card border-2 bg-surface p-4 text-fg ${good ? 'border-success' : 'border-danger'}`}
    >
      <figcaption className="flex items-center gap-2 text-sm font-semibold">
        {good ? (
          <CheckCircleIcon className="size-5 text-success-fg" aria-hidden="true" />
        ) : (
          <XIcon className="size-5 text-danger-fg" aria-hidden="true" />
        )}
        <span className={good ? 'text-success-fg' : 'text-danger-fg'}>{good ? 'Do' : "Don't"}</span>
        <span className="font-normal text-fg">{why}</span>
      </figcaption>
      <div>{children}</div>
    </figure>
  );
}

/** A "do" and a "don't" side by side (stacked on a narrow page). */
export function DoDont({
  doWhy,
  dontWhy,
  good,
  bad,
}: {
  doWhy: string;
  dontWhy: string;
  good: ReactNode;
  bad: ReactNode;
}) {
  return (
    <div
      className="sb-unstyled"
      style={{
        display: 'grid',
        gap: '1rem',
        gridTemplateColumns: 'repeat(auto-fit, minmax(18rem, 1fr))',
        margin: '1rem 0 2rem',
      }}
    >
      <Example kind="do" why={doWhy}>
        {good}
      </Example>
      <Example kind="dont" why={dontWhy}>
        {bad}
      </Example>
    </div>
  );
}

/* Forms and validation */

/** An error that says what to enter, with the unit and the allowed range. */
export function FormErrorDo() {
  return (
    <NumberField
      label="Monthly consumption (kWh)"
      description="From your electricity bill, 50 to 5 000 kWh."
      defaultValue={12}
      isInvalid
      errorMessage="Enter a monthly consumption from 50 to 5 000 kWh."
    />
  );
}

/** An error that only says something is wrong. */
export function FormErrorDont() {
  return (
    <NumberField label="Consumption" defaultValue={12} isInvalid errorMessage="Invalid value." />
  );
}

/** A label that stays; the example in the description. */
export function FormLabelDo() {
  return (
    <TextField
      label="Address"
      description="Street and number, for example Chui Avenue 120, Bishkek."
    />
  );
}

/** A placeholder standing in for a label. */
export function FormLabelDont() {
  return <Input aria-label="Address" placeholder="Address" />;
}

/* Empty states */

/** An empty list that says what goes there and offers the first step. */
export function EmptyDo() {
  return (
    <EmptyState
      icon={<ProjectIcon className="size-8" />}
      title="No projects yet"
      description="Start with a solar assessment: pick your roof on the map and size the system."
      action={<ButtonLink href="/solar-calculator-full">Start an assessment</ButtonLink>}
    />
  );
}

/** An empty list that is just a sentence. */
export function EmptyDont() {
  return <p className="text-sm text-fg-muted">No data.</p>;
}

/** No match under a search: say so, and offer to clear it. */
export function EmptyFilteredDo() {
  return (
    <EmptyState
      icon={<SearchIcon className="size-8" />}
      title="No projects match your search"
      description="Check the spelling or clear the search to see every project."
      action={<Button variant="secondary">Clear search</Button>}
    />
  );
}

/** The first-use invitation shown under a filter. */
export function EmptyFilteredDont() {
  return (
    <EmptyState
      icon={<ProjectIcon className="size-8" />}
      title="No projects yet"
      description="Start with a solar assessment."
      action={<ButtonLink href="/solar-calculator-full">Start an assessment</ButtonLink>}
    />
  );
}

/* Errors and toasts */

/** A failed load in place, with a retry. */
export function LoadErrorDo() {
  return (
    <LoadError
      message="Your projects could not be loaded. Check your connection and try again."
      retryLabel="Try again"
      onRetry={() => undefined}
    />
  );
}

/** A failed load as a toast over an empty page. */
export function LoadErrorDont() {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-fg-muted">(an empty page)</p>
      <div
        role="presentation"
        className="flex items-start gap-3 rounded-card border border-border bg-surface-raised p-3 shadow-overlay"
      >
        <AlertIcon className="size-5 text-danger-fg" aria-hidden="true" />
        <p className="text-sm">Error 503</p>
      </div>
    </div>
  );
}

/* Tables and lists */

/** Status as a word in a badge. */
export function StatusDo() {
  return (
    <div className="flex gap-2">
      <StatusBadge tone="positive" label="Active" />
      <StatusBadge tone="negative" label="Inactive" />
      <StatusBadge tone="warning" label="Unverified" />
    </div>
  );
}

/** Status as a coloured dot only. */
export function StatusDont() {
  return (
    <div className="flex gap-4" aria-hidden="true">
      <span className="size-3 rounded-pill bg-success" />
      <span className="size-3 rounded-pill bg-danger" />
      <span className="size-3 rounded-pill bg-warning" />
    </div>
  );
}

/* Dashboards */

/** Figures with their units, the one that matters highlighted. */
export function StatsDo() {
  return (
    <StatGroup>
      <Stat label="System size" value="3.2" unit="kW (DC)" />
      <Stat label="Production" value="4 380" unit="kWh a year" />
      <Stat label="Payback" value="5" unit="years" highlight hint="Simple payback: 4.5 years" />
    </StatGroup>
  );
}

/** Bare numbers, every one shouting. */
export function StatsDont() {
  return (
    <div className="flex gap-6 text-3xl font-bold text-danger-fg">
      <span>3.2</span>
      <span>4380</span>
      <span>5</span>
    </div>
  );
}

/** A card that names its job and links to where the work is. */
export function CardDo() {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={3}>Failed mail and CRM updates</CardTitle>
      </CardHeader>
      <CardContent className="text-sm">
        2 verification mails were given up after 5 attempts.{' '}
        <ButtonLink href="/dashboard" variant="link">
          Open the list
        </ButtonLink>
      </CardContent>
    </Card>
  );
}

/** A card with a vague heading and no way on. */
export function CardDont() {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={3}>Information</CardTitle>
      </CardHeader>
      <CardContent className="text-sm">Some jobs failed.</CardContent>
    </Card>
  );
}
