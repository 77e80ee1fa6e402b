/**
 * The sections of a proposal page: location, system, cost and savings,
 * and the assumptions behind the figures with their sources.
 */
import {
  GRID_EMISSION_FACTOR_KG_CO2_PER_KWH,
  PANEL_DEGRADATION_PER_YEAR,
  TARIFF_ESCALATION_PER_YEAR,
  type ProposalFigures,
} from '@solar/domain';
import type { ProjectLocation } from '@solar/domain/contract';
import { formatSom } from '@solar/ui';
import { useIntl } from 'react-intl';
import { Facts, Section } from './project-details.tsx';
import { useProjectText } from './project-text.ts';

/**
 * An address that is only the point's coordinates ("42.87460, 74.56980"), as the full
 * calculator saves a place whose address could not be looked up.
 */
const COORDINATES_ONLY = /^-?\d+(?:\.\d+)?,\s*-?\d+(?:\.\d+)?$/;

/**
 * The address and the coordinates, each once: a place saved by its coordinates alone shows
 * them as its only row instead of under both "Location" and "Coordinates".
 */
export function ProposalLocation({ location }: { location: ProjectLocation }) {
  const { t, number } = useProjectText();
  const coordinates =
    location.latitude === null || location.longitude === null
      ? null
      : `${number(location.latitude, 4)}, ${number(location.longitude, 4)}`;
  const rows: [string, string][] =
    coordinates !== null && COORDINATES_ONLY.test(location.address.trim())
      ? [[t('projects.proposal.coordinates'), coordinates]]
      : [
          [t('projects.proposal.location'), location.address],
          [
            t('projects.proposal.coordinates'),
            coordinates ?? t('projects.proposal.addressUnverified'),
          ],
        ];
  return (
    <Section title={t('projects.proposal.location')}>
      <Facts rows={rows} />
    </Section>
  );
}

/** The configured system. */
export function ProposalSystem({ figures }: { figures: ProposalFigures }) {
  const { t, number, roofType } = useProjectText();
  const c = figures.configuration;
  const degrees = (value: number) => t('projects.proposal.degrees', { value: number(value) });
  return (
    <Section title={t('projects.proposal.system')}>
      <Facts
        rows={[
          [
            t('projects.proposal.size'),
            t('projects.proposal.sizeValue', { kw: number(c.systemSizeKw, 1) }),
          ],
          [
            t('projects.proposal.panels'),
            t('projects.proposal.panelsValue', { count: c.panelCount }),
          ],
          [t('projects.proposal.tilt'), degrees(c.tiltDeg)],
          [t('projects.proposal.azimuth'), degrees(c.azimuthDeg)],
          [t('projects.proposal.roofType'), roofType(c.roofType)],
          [
            t('projects.proposal.losses'),
            t('projects.proposal.percent', { value: number(c.lossPercent) }),
          ],
        ]}
      />
    </Section>
  );
}

/** Cost, first-year production, savings and simple payback (docs/product.md#proposal). */
export function ProposalMoney({ figures }: { figures: ProposalFigures }) {
  const intl = useIntl();
  const { t, number } = useProjectText();
  const e = figures.economics;
  const som = (value: number) => formatSom(value, intl.locale);
  return (
    <Section title={t('projects.proposal.money')}>
      <Facts
        rows={[
          [t('projects.proposal.cost'), som(e.costSom)],
          [
            t('projects.proposal.yearlyProduction'),
            t('projects.proposal.kwh', { value: number(figures.yearlyKwh) }),
          ],
          [t('projects.proposal.yearlySavings'), som(e.yearlySavingsSom)],
          [t('projects.proposal.monthlySavings'), som(e.monthlySavingsSom)],
          [
            t('projects.proposal.payback'),
            e.paybackYears === null
              ? t('projects.proposal.noPayback')
              : t('projects.proposal.years', { years: e.paybackYears }),
          ],
        ]}
      />
    </Section>
  );
}

/** What the figures assume, with sources. */
export function ProposalAssumptions({ figures }: { figures: ProposalFigures }) {
  const { t, number } = useProjectText();
  const items = [
    t(
      `projects.proposal.assumption.${
        figures.productionSource === 'sun-hours'
          ? 'sunHours'
          : figures.productionSource === 'pvgis'
            ? 'pvgis'
            : 'estimate'
      }`,
    ),
    t('projects.proposal.assumption.cost'),
    t('projects.proposal.assumption.price', {
      price: number(figures.configuration.pricePerKwhSom, 2),
      escalation: number(TARIFF_ESCALATION_PER_YEAR * 100, 1),
    }),
    t('projects.proposal.assumption.degradation', {
      percent: number(PANEL_DEGRADATION_PER_YEAR * 100, 1),
    }),
    t('projects.proposal.assumption.grid', {
      factor: number(GRID_EMISSION_FACTOR_KG_CO2_PER_KWH, 3),
    }),
  ];
  return (
    <Section title={t('projects.proposal.assumptions')}>
      <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Section>
  );
}
