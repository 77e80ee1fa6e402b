/**
 * The parts of a project's page: its dates, the roof inspection's
 * findings, the roof photos (fetched with the bearer token, shown through object URLs)
 * and the status history, newest first.
 */
import { useInspectionPhoto } from '@solar/api/react';
import type { InspectionPhoto, ProjectPipeline } from '@solar/domain';
import { Card, Spinner, StatusHistory } from '@solar/ui';
import { useId, type ReactNode } from 'react';
import { useProjectText } from './project-text.ts';

/** A titled card section. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card className="flex flex-col gap-3 p-5">
      <section aria-labelledby={id} className="contents">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** Label/value pairs. */
export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-fg-muted">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Created, inspection and installation dates. */
export function ProjectDates({
  pipeline,
  createdAt,
}: {
  pipeline: ProjectPipeline;
  createdAt: string | undefined;
}) {
  const { t, day, instant } = useProjectText();
  const orNot = (value: string | null) => (value ? day(value) : t('projects.project.notScheduled'));
  return (
    <Section title={t('projects.project.dates')}>
      <Facts
        rows={[
          ...(createdAt ? ([[t('projects.project.createdAt'), instant(createdAt)]] as const) : []),
          [t('projects.project.inspectionDate'), orNot(pipeline.inspectionDate)],
          [t('projects.project.installationDate'), orNot(pipeline.installationDate)],
        ]}
      />
    </Section>
  );
}

/** The inspection's findings, or that there are none yet. */
export function InspectionFindings({ pipeline }: { pipeline: ProjectPipeline }) {
  const { t, roofType, number } = useProjectText();
  const found = pipeline.inspection;
  return (
    <Section title={t('projects.project.inspection')}>
      {found ? (
        <Facts
          rows={[
            [t('projects.project.roofType'), roofType(found.roofType)],
            [
              t('projects.project.roofArea'),
              t('projects.project.roofAreaValue', { area: number(found.roofAreaM2, 1) }),
            ],
            [t('projects.project.shading'), found.shadingNotes || t('projects.project.noShading')],
          ]}
        />
      ) : (
        <p className="text-sm text-fg-muted">{t('projects.project.notInspected')}</p>
      )}
    </Section>
  );
}

function Photo({
  projectId,
  photo,
  number,
}: {
  projectId: string;
  photo: InspectionPhoto;
  number: number;
}) {
  const { t } = useProjectText();
  const { ref, query } = useInspectionPhoto(projectId, photo.id);
  return (
    <li className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-control border border-border bg-surface-sunken">
      {query.isError ? (
        <span className="p-2 text-center text-xs text-fg-muted">
          {t('projects.project.photoFailed')}
        </span>
      ) : query.data ? (
        <img
          ref={ref}
          alt={t('projects.project.photoAlt', { number })}
          className="size-full object-cover"
        />
      ) : (
        <Spinner label={t('projects.project.photoAlt', { number })} />
      )}
    </li>
  );
}

/** The roof photos as a grid (two columns on phones). */
export function PhotoGrid({ pipeline }: { pipeline: ProjectPipeline }) {
  const { t } = useProjectText();
  if (pipeline.photos.length === 0) {
    return <p className="text-sm text-fg-muted">{t('projects.project.noPhotos')}</p>;
  }
  return (
    <ul aria-label={t('projects.project.photos')} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {pipeline.photos.map((photo, index) => (
        <Photo key={photo.id} projectId={pipeline.projectId} photo={photo} number={index + 1} />
      ))}
    </ul>
  );
}

/** The status history, newest first. */
export function ProjectHistory({ pipeline }: { pipeline: ProjectPipeline }) {
  const { t, status, instant } = useProjectText();
  const events = [...pipeline.history].reverse().map((event) => ({
    id: event.id,
    title: event.from === null ? t('projects.project.created') : status(event.to),
    at: event.at,
    atLabel: instant(event.at),
    actor: event.actorName ? t('projects.project.by', { name: event.actorName }) : null,
    note: event.note,
  }));
  return (
    <Section title={t('projects.project.history')}>
      <StatusHistory events={events} label={t('projects.project.history')} />
    </Section>
  );
}
