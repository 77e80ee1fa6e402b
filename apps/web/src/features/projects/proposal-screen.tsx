/**
 * /projects/{id}/proposal: the proposal of a saved assessment: location,
 * system, cost and savings, the monthly production chart (the full calculator's), the
 * 25-year figures (app/lifetime-section.tsx), assumptions and sources, the day it was
 * issued and how long it holds; "Download PDF" in the interface language and, while the
 * project is a draft of the caller's, "Request a site visit"; the business issuing it, with
 * its contacts (`GET /config` `business`; docs/product.md#business-identity). States:
 * loading, failed (or not found), no configuration yet (a location-only draft), production
 * failed.
 */
import { pipelineMessages, draftPath, projectPath } from '@solar/domain';
import { useConfig } from '@solar/api/react';
import {
  Button,
  ButtonLink,
  CalculatorIcon,
  DownloadIcon,
  EmptyState,
  Link,
  LoadError,
  Spinner,
  telHref,
} from '@solar/ui';
import { useIntl } from 'react-intl';
import LifetimeSection from '../../app/lifetime-section.tsx';
import { useNotify } from '../../app/notices.tsx';
import { SignedInShell } from '../../app/shell.tsx';
import { ProductionChart } from '../full-calculator/production-chart.tsx';
import { Section } from './project-details.tsx';
import {
  ProposalAssumptions,
  ProposalLocation,
  ProposalMoney,
  ProposalSystem,
} from './proposal-parts.tsx';
import { useProjectText } from './project-text.ts';
import { useProposal } from './use-proposal.ts';

/**
 * Who issues the quote: the business's name and, when configured, its address, phone, email,
 * website and legal line (the same lines as the page footer and the PDF). Nothing until the
 * configuration has loaded.
 */
function ProposalIssuer() {
  const { t } = useProjectText();
  const business = useConfig().data?.business;
  if (!business) return null;
  const contact = (label: string, href: string, text: string) => (
    <span>
      {label}:{' '}
      <Link href={href} className="[overflow-wrap:anywhere]">
        {text}
      </Link>
    </span>
  );
  return (
    <Section title={t('projects.proposal.issuer')}>
      <address className="flex flex-col gap-1 text-sm not-italic">
        <span className="font-semibold [overflow-wrap:anywhere]">{business.name}</span>
        {business.address && <span className="[overflow-wrap:anywhere]">{business.address}</span>}
        {business.phone && contact(t('app.footer.phone'), telHref(business.phone), business.phone)}
        {business.email &&
          contact(t('app.footer.email'), `mailto:${business.email}`, business.email)}
        {business.website &&
          contact(
            t('app.footer.website'),
            business.website,
            business.website.replace(/^https?:\/\//, '').replace(/\/$/, ''),
          )}
        {business.legal && (
          <span className="[overflow-wrap:anywhere] text-fg-muted">{business.legal}</span>
        )}
      </address>
    </Section>
  );
}

export default function ProposalScreen({ params }: { params: Record<string, string> }) {
  const id = params.id ?? '';
  const intl = useIntl();
  const notify = useNotify();
  const { t, day, action } = useProjectText();
  const p = useProposal(id);
  const project = p.project.data;
  const retryLabel = t('projects.list.retry');

  const body = () => {
    if (p.project.isError) {
      return p.notFound ? (
        <LoadError message={intl.formatMessage(pipelineMessages.notFound)} />
      ) : (
        <LoadError
          message={t('projects.proposal.loadFailed')}
          onRetry={() => void p.project.refetch()}
          retryLabel={retryLabel}
        />
      );
    }
    if (!project)
      return (
        <Spinner size="lg" label={t('projects.proposal.loading')} className="self-center py-16" />
      );
    if (!p.configuration) {
      return (
        <EmptyState
          icon={<CalculatorIcon />}
          title={t('projects.proposal.noConfigTitle')}
          description={t('projects.proposal.noConfigBody')}
          action={
            <ButtonLink href={draftPath(id)}>{t('projects.proposal.noConfigAction')}</ButtonLink>
          }
        />
      );
    }
    if (p.production.isError) {
      return (
        <LoadError
          message={t('projects.proposal.productionFailed')}
          onRetry={() => void p.production.refetch()}
          retryLabel={retryLabel}
        />
      );
    }
    const figures = p.figures;
    if (!figures)
      return (
        <Spinner size="lg" label={t('projects.proposal.loading')} className="self-center py-16" />
      );
    return (
      <>
        <p className="text-sm text-fg-muted">
          {t('projects.proposal.issued', { date: day(figures.issuedOn) })} ·{' '}
          {t('projects.proposal.validUntil', { date: day(figures.validUntil) })}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            isPending={p.isDownloading}
            onPress={() =>
              void p
                .download(figures.issuedOn)
                .catch(() =>
                  notify({ kind: 'error', message: t('projects.proposal.downloadFailed') }),
                )
            }
          >
            <DownloadIcon className="size-4" aria-hidden="true" />
            {t('projects.proposal.download')}
          </Button>
          {p.canRequestVisit && (
            <Button isPending={p.isRunning} onPress={() => void p.run({ action: 'requestQuote' })}>
              {action('requestQuote')}
            </Button>
          )}
        </div>
        <ProposalIssuer />
        <div className="grid gap-6 lg:grid-cols-2">
          <ProposalLocation location={project.location} />
          <ProposalSystem figures={figures} />
          <ProposalMoney figures={figures} />
          <Section title={t('projects.proposal.production')}>
            <ProductionChart monthlyKwh={figures.monthlyKwh} />
          </Section>
        </div>
        <LifetimeSection
          headingLevel={2}
          source={{
            kind: 'full',
            systemSizeKw: figures.configuration.systemSizeKw,
            yearlyKwh: figures.yearlyKwh,
            pricePerKwhSom: figures.configuration.pricePerKwhSom,
            simplePaybackYears: figures.economics.paybackYears,
          }}
        />
        <ProposalAssumptions figures={figures} />
      </>
    );
  };

  return (
    <SignedInShell>
      <div className="flex flex-col gap-6">
        <Link href={projectPath(id)} className="self-start text-sm">
          {t('projects.proposal.projectStatus')}
        </Link>
        <header className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold">{t('projects.proposal.title')}</h1>
          {project && <p className="break-words text-fg-muted">{project.location.address}</p>}
        </header>
        {body()}
      </div>
    </SignedInShell>
  );
}
