/**
 * Following a reply that is still being generated when its conversation opens (a reload,
 * another tab, a dropped connection): `GET /chat/stream/{id}` through the chat
 * stream's `resume` (204: nothing runs). Each opened conversation is checked once, when its
 * history has loaded and nothing of this visit is streaming.
 */
import { useEffect, useRef } from 'react';

export function useRunningReply(
  conversationId: string | null,
  canFollow: boolean,
  resume: (conversationId: string) => Promise<unknown>,
): void {
  const checkedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!canFollow || conversationId === null || checkedFor.current === conversationId) return;
    checkedFor.current = conversationId;
    void resume(conversationId);
  }, [canFollow, conversationId, resume]);
}
