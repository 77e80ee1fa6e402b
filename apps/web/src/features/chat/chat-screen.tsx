/**
 * /chat and /chat/{conversationId} (docs/product.md#ai-chat and #errors-and-messages; the OpenAPI
 * document): the AI chat. The router renders this one component for both paths, so the screen (and
 * a reply being streamed) stays mounted when the URL changes.
 *
 * The state lives in `useChatSession`; the screen composes the sidebar (conversations, new
 * chat), the header (title, status, portfolio toggle, more actions, bot type), the portfolio
 * panel (`GET /chat/portfolio`), the messages and the composer.
 */
import { useRef, useState } from 'react';
import { SignedInShell } from '../../app/shell.tsx';
import { ChatHeader } from './chat-header.tsx';
import { ChatInput } from './chat-input.tsx';
import { ChatMessages } from './chat-messages.tsx';
import { PortfolioPanel } from './chat-parts.tsx';
import { ChatSidebar } from './chat-sidebar.tsx';
import { useChatSession } from './use-chat-session.ts';

const PORTFOLIO_ID = 'chat-portfolio';

/** The chat screen; `params.conversationId` is set on /chat/{id}. */
export default function ChatScreen({ params }: { params: Record<string, string> }) {
  const composer = useRef<HTMLDivElement>(null);
  const session = useChatSession(params.conversationId ?? null, composer);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [portfolioOpen, setPortfolioOpen] = useState(false);

  return (
    <SignedInShell mainClassName="flex flex-col gap-4 py-4 md:flex-row">
      <ChatSidebar session={session} isOpen={sidebarOpen} onOpenChange={setSidebarOpen} />
      <div className="flex min-w-0 flex-1 flex-col gap-4">
        <ChatHeader
          session={session}
          portfolio={{ id: PORTFOLIO_ID, isOpen: portfolioOpen }}
          onPortfolioToggle={() => setPortfolioOpen((open) => !open)}
          onClear={() => {
            setSidebarOpen(false);
            session.clearChat();
          }}
        />
        {portfolioOpen && <PortfolioPanel id={PORTFOLIO_ID} />}
        <ChatMessages session={session} />
        <ChatInput session={session} ref={composer} />
      </div>
    </SignedInShell>
  );
}
