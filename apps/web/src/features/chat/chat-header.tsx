/**
 * The chat screen's header (docs/product.md#ai-chat): the editable title
 * (`PUT /chat/conversations/{id}/title`; the domain's title rule) and status text beside the
 * portfolio view toggle and a more-actions menu (clear chat, end conversation
 * `POST /chat/end/{id}`, show the bot type on replies), so the title keeps the width on a
 * phone; under it the bot type (kept in storage).
 */
import { validationMessages } from '@solar/domain';
import { ActionMenu, Button, EditableTitle } from '@solar/ui';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { ChatSettingsBar } from './chat-parts.tsx';
import type { ChatSession } from './use-chat-session.ts';

/** The confirmation dialog (Radix Dialog) loads when first asked for, not with the screen. */
const ConfirmDialog = lazy(() =>
  import('@solar/ui/dialog').then((m) => ({ default: m.ConfirmDialog })),
);

/** The header; `portfolio` is the portfolio panel's id and whether it is open. */
export function ChatHeader({
  session,
  portfolio,
  onPortfolioToggle,
  onClear,
}: {
  session: ChatSession;
  portfolio: { id: string; isOpen: boolean };
  onPortfolioToggle: () => void;
  /** Clear chat, confirmed. */
  onClear: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [confirming, setConfirming] = useState<'clear' | 'end' | null>(null);
  const { view, detail, ended, streaming, title, renaming, settings } = session;
  return (
    <header className="flex flex-col gap-3 border-b border-border pb-3">
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          {view.id !== null && title !== null ? (
            <EditableTitle
              key={view.id}
              title={title}
              isGenerated={!renaming && (session.summary?.titleGenerated ?? false)}
              isDisabled={renaming}
              onSave={session.saveTitle}
              labels={{
                edit: t('chatScreen.editTitle'),
                input: t('chatScreen.titleInput'),
                tooLong: intl.formatMessage(validationMessages.titleTooLong),
                generatedTitle: t('chatScreen.generatedTitle'),
              }}
            />
          ) : (
            <h1 className="truncate text-base font-semibold text-fg">
              {view.id === null ? t('chatScreen.newChat') : t('chatScreen.title')}
            </h1>
          )}
          {detail && (
            <p className="text-xs text-fg-muted">
              {t('chatScreen.status', {
                status: t(ended ? 'chatScreen.status.ended' : 'chatScreen.status.active'),
              })}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={portfolio.isOpen}
            aria-controls={portfolio.id}
            onPress={onPortfolioToggle}
          >
            {t('chatScreen.portfolioToggle')}
          </Button>
          <ActionMenu
            label={t('chatScreen.moreActions')}
            items={[
              {
                id: 'clear',
                label: t('chatScreen.clearChat'),
                isDisabled: !session.hasMessages || streaming,
              },
              ...(view.id !== null && detail && !ended
                ? [
                    {
                      id: 'end',
                      label: t('chatScreen.endConversation'),
                      isDisabled: streaming || session.isEnding,
                      tone: 'danger' as const,
                    },
                  ]
                : []),
            ]}
            onAction={(id) => setConfirming(id === 'end' ? 'end' : 'clear')}
            options={[
              {
                id: 'showBotType',
                label: t('chatScreen.showBotType'),
                isSelected: settings.showBotType,
              },
            ]}
            onOptionChange={(_, showBotType) =>
              session.changeSettings({ ...settings, showBotType })
            }
          />
          {confirming !== null && (
            <Suspense fallback={null}>
              <ConfirmDialog
                open={confirming === 'clear'}
                onOpenChange={(open) => setConfirming(open ? 'clear' : null)}
                title={t('chatScreen.clearConfirm.title')}
                description={t('chatScreen.clearConfirm.description')}
                confirmLabel={t('chatScreen.clearConfirm.confirm')}
                cancelLabel={t('chatScreen.confirm.cancel')}
                closeLabel={t('chatScreen.confirm.close')}
                onConfirm={() => {
                  setConfirming(null);
                  onClear();
                }}
              />
              <ConfirmDialog
                open={confirming === 'end'}
                onOpenChange={(open) => {
                  if (!session.isEnding) setConfirming(open ? 'end' : null);
                }}
                title={t('chatScreen.endConfirm.title')}
                description={t('chatScreen.endConfirm.description')}
                confirmLabel={t('chatScreen.endConversation')}
                cancelLabel={t('chatScreen.confirm.cancel')}
                closeLabel={t('chatScreen.confirm.close')}
                tone="danger"
                isPending={session.isEnding}
                onConfirm={() => session.endConversation(() => setConfirming(null))}
              />
            </Suspense>
          )}
        </div>
      </div>
      <ChatSettingsBar
        settings={settings}
        onChange={session.changeSettings}
        isDisabled={streaming}
      />
    </header>
  );
}
