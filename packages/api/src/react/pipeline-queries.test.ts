/**
 * The pipeline's query keys and invalidation: a transition refreshes the
 * pipeline lists, that project's pipeline and detail and the project lists, and nothing of
 * other projects; the list's query string leaves out empty values.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pipelineListSearchParams } from '../resources/projects.ts';
import { invalidate, queryKeys } from './queries.ts';

describe('pipeline queries', () => {
  it('a transition invalidates the lists, that pipeline and that project only', async () => {
    const client = new QueryClient();
    const keys = [
      queryKeys.pipelineList({ pageNumber: 2 }),
      queryKeys.pipeline('p1'),
      queryKeys.project('p1'),
      queryKeys.projects('own'),
      queryKeys.pipeline('p2'),
      queryKeys.project('p2'),
      queryKeys.photo('p1', 'ph1'),
    ];
    for (const key of keys) client.setQueryData(key, { any: true });
    await invalidate.pipeline(client, 'p1');
    const invalidated = keys.map((key) => client.getQueryState(key)?.isInvalidated);
    expect(invalidated).toEqual([true, true, true, true, false, false, false]);
  });

  it('sends only the list parameters that are set', () => {
    expect(
      pipelineListSearchParams({
        pageNumber: 1,
        pageSize: 25,
        sortBy: 'status',
        descending: false,
        searchTerm: '',
        status: 'quote_requested',
      }).toString(),
    ).toBe('pageNumber=1&pageSize=25&sortBy=status&descending=false&status=quote_requested');
    expect(pipelineListSearchParams().toString()).toBe('');
  });
});
