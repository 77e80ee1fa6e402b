/**
 * A new conversation's first chunk gave it an id (docs/product.md#ai-chat; the OpenAPI document):
 * the URL becomes /chat/{id} (replace, same screen) and the sidebar's list refetches, so the
 * conversation is listed while its first reply is still arriving.
 */
import { conversationPath } from '@solar/domain';
import { queryKeys, useApiQueryClient } from '@solar/api/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { ViewState } from './chat-model.ts';

/** Follows `view` (made for the URL's conversation `urlId`) getting its id from the stream. */
export function useNewConversation(view: ViewState, urlId: string | null) {
  const [, navigate] = useLocation();
  const queries = useApiQueryClient();
  const { id, urlId: viewUrlId } = view;
  useEffect(() => {
    if (id === null || id === urlId || viewUrlId !== urlId) return;
    void queries.invalidateQueries({ queryKey: queryKeys.conversations() });
    navigate(conversationPath(id), { replace: true });
  }, [id, navigate, queries, urlId, viewUrlId]);
}
