/**
 * A proposal page's data: the project, its pipeline (is "Request a site
 * visit" open to the caller?), the production estimate of its saved configuration, and
 * every figure from domain proposalFigures (the same function as the server's PDF),
 * issued today; the PDF download in the interface language.
 */
import { useDownloadProposal, useProjectProduction } from '@solar/api/react';
import { proposalFigures } from '@solar/domain';
import { useMemo } from 'react';
import { useNow } from '../../app/clock.tsx';
import { useLocale } from '../../app/intl.tsx';
import { useProjectPage } from './use-project-page.ts';

/** The proposal of project `id`. */
export function useProposal(id: string) {
  const page = useProjectPage(id);
  const project = page.project.data;
  const { configuration, production } = useProjectProduction(project);
  const now = useNow();
  const estimate = production.data;
  const figures = useMemo(
    () => (project && estimate ? proposalFigures(project, estimate, now()) : null),
    [project, estimate, now],
  );
  const { locale } = useLocale();
  const download = useDownloadProposal(id);
  return {
    ...page,
    configuration,
    production,
    figures,
    canRequestVisit: page.pipeline.data?.actions.includes('requestQuote') ?? false,
    download: (issuedOn: string) => download.mutateAsync({ locale, issuedOn }),
    isDownloading: download.isPending,
  };
}
