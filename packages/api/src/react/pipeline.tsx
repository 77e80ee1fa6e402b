/**
 * The project pipeline's hooks on TanStack Query: the pipeline
 * list and one project's pipeline, a transition, roof photo upload and display (the photo
 * URL needs the bearer token, so its bytes are fetched and shown through an object URL),
 * the proposal PDF download and the production estimate of a saved configuration.
 */
import type { Locale } from '@solar/domain/constants';
import type { ProjectAssignees, ProjectTransitionRequest } from '@solar/domain/pipeline-contract';
import { proposalFileName } from '@solar/domain/proposal';
import { parseConfiguration, type SystemConfiguration } from '@solar/domain/system-configuration';
import type { Project, ProductionQuery } from '@solar/domain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ProjectPipelineParams } from '../resources/projects.ts';
import { useApiClient } from './provider.tsx';
import { saveBlob } from './save-blob.ts';
import {
  invalidate,
  pipelineListQuery,
  pipelineQuery,
  productionQuery,
  projectQuery,
  queryKeys,
} from './queries.ts';

/** `GET /projects/pipeline` (keeps the previous page while the next loads). */
export const usePipelineList = (params: ProjectPipelineParams) =>
  useQuery(pipelineListQuery(useApiClient(), params));

/** `GET /projects/{id}/pipeline`. */
export const useProjectPipeline = (id: string) => useQuery(pipelineQuery(useApiClient(), id));

/** `GET /projects/{id}`. */
export const useProject = (id: string) => useQuery(projectQuery(useApiClient(), id));

/**
 * `POST /projects/{id}/transitions`; on success the answer becomes the cached pipeline and
 * the lists, that project and its pipeline are refetched. Also after a 409
 * `invalid_transition` (someone moved the project first), so the screen shows the status
 * it has now.
 */
export function useProjectTransition(id: string) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectTransitionRequest) => api.projects.transition(id, body),
    onSuccess: (pipeline) => {
      client.setQueryData(queryKeys.pipeline(id), pipeline);
      return invalidate.pipeline(client, id);
    },
    onError: (error) => {
      if ((error as { status?: number }).status === 409) void invalidate.pipeline(client, id);
    },
  });
}

/**
 * `GET /staff`: the active roof inspectors and installers a project manager may assign
 * (docs/product.md#project-assignment); `enabled` false (someone without
 * canViewAllProjects, who would get 403) fetches nothing.
 */
export function useAssignableStaff(enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: queryKeys.staff(),
    queryFn: () => api.projects.staff(),
    enabled,
  });
}

/**
 * `PUT /projects/{id}/assignees {roofInspectorId, installerId}`; on success the project's
 * pipeline (its named assignees) and the pipeline lists (the `assignedTo=me` order) are
 * refetched. Rejects with ApiError (400 field errors at `roofInspectorId`/`installerId`).
 */
export function useAssignProject(id: string) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectAssignees) => api.projects.assign(id, body),
    onSuccess: () => invalidate.pipeline(client, id),
  });
}

/** `POST /projects/{id}/photos` of one file; refetches the project's pipeline (its photos). */
export function useUploadInspectionPhoto(id: string) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.projects.uploadPhoto(id, file, file.name),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.pipeline(id) }),
  });
}

/**
 * A ref callback for an `<img>` that shows `blob` through an object URL, revoked when the
 * blob changes or the image unmounts (React 19 ref cleanup). Nothing is set without a blob.
 */
export function useObjectUrlRef(blob: Blob | undefined) {
  return useCallback(
    (image: HTMLImageElement | null) => {
      if (!image || !blob) return;
      const url = URL.createObjectURL(blob);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}

/**
 * A roof photo (`GET /projects/{id}/photos/{photoId}` with the bearer token): `ref` for its
 * `<img>` (an object URL, revoked on unmount) and the query's loading and error state. The
 * bytes never change, so they are cached for the session.
 */
export function useInspectionPhoto(projectId: string, photoId: string) {
  const api = useApiClient();
  const query = useQuery({
    queryKey: queryKeys.photo(projectId, photoId),
    queryFn: ({ signal }) => api.projects.photo(projectId, photoId, { signal }),
    staleTime: Infinity,
    retry: false,
  });
  return { ref: useObjectUrlRef(query.data), query };
}

/**
 * `GET /projects/{id}/proposal.pdf?locale=` with the bearer token, saved under the name the
 * server gives it (domain `proposalFileName` of the day it is issued, `issuedOn`
 * `YYYY-MM-DD`). Rejects with ApiError (409 `no_configuration`, 404).
 */
export function useDownloadProposal(id: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: async ({ locale, issuedOn }: { locale: Locale; issuedOn: string }) => {
      const blob = await api.projects.proposalPdf(id, locale);
      saveBlob(blob, proposalFileName(issuedOn));
    },
  });
}

/** The production query of a saved configuration at a project's location. */
export function productionQueryOf(
  location: Project['location'],
  configuration: SystemConfiguration,
): ProductionQuery {
  return {
    latitude: location.latitude,
    longitude: location.longitude,
    peakPowerKw: configuration.systemSizeKw,
    lossPercent: configuration.lossPercent,
    tilt: configuration.tiltDeg,
    azimuth: configuration.azimuthDeg,
  };
}

/**
 * The production estimate (`GET /calculator/production`) of `project`'s saved
 * configuration; disabled (and `configuration` null) while there is no project or it has
 * no usable configuration (a location-only draft).
 */
export function useProjectProduction(project: Project | undefined) {
  const api = useApiClient();
  const configuration = project ? parseConfiguration(project.configuration) : null;
  const query =
    project && configuration ? productionQueryOf(project.location, configuration) : null;
  const production = useQuery({
    ...productionQuery(api, query ?? NO_PRODUCTION_QUERY),
    enabled: query !== null,
  });
  return { configuration, production };
}

/** The key of the disabled production query (nothing is fetched with it). */
const NO_PRODUCTION_QUERY: ProductionQuery = {
  latitude: 0,
  longitude: 0,
  peakPowerKw: 0,
  lossPercent: 0,
  tilt: 0,
  azimuth: 0,
};
