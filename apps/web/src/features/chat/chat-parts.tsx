/**
 * Pieces of the chat screen (docs/product.md#ai-chat): one message as shown, the portfolio
 * panel, and the bot type settings. Presentational glue between the ui components and
 * the screen's state; every text is translated here.
 */
import {
  botTypeLabel,
  chatMessages,
  isPortfolioMixed,
  PORTFOLIO_FACT_KEYS,
  ROOF_TYPES,
  type BotType,
  type PortfolioFactKey,
  type RegenerateMode,
} from '@solar/domain';
import { usePortfolio } from '@solar/api/react';
import { ChatMessage, PortfolioCard, Select } from '@solar/ui';
import { useIntl } from 'react-intl';
import type { DisplayMessage } from './chat-model.ts';
import type { ChatSettings } from './chat-storage.ts';
import { loadFailure } from '../../app/load-failure.ts';
import { useNotify } from '../../app/notices.tsx';

const AUTHOR_LABEL_IDS = {
  user: 'chatScreen.author.user',
  assistant: 'chatScreen.author.assistant',
  system: 'chatScreen.author.system',
} as const;

/**
 * One message: text (or a translated message), author, time, caret and interrupted mark; a
 * finished assistant reply has Copy (its markdown text to the clipboard; a refusal is a
 * toast). With `onRegenerate` (the last reply) it offers Regenerate: replace it or keep
 * both (docs/product.md#ai-chat); `isEarlier` marks a reply kept beside a regenerated one.
 */
export function MessageView({
  message,
  showBotType,
  isEarlier = false,
  onRegenerate,
}: {
  message: DisplayMessage;
  showBotType: boolean;
  isEarlier?: boolean;
  onRegenerate?: (mode: RegenerateMode) => void;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const content =
    typeof message.content === 'string' ? message.content : intl.formatMessage(message.content);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(content);
    } catch (error) {
      notify({ kind: 'error', message: intl.formatMessage({ id: 'chatScreen.copyFailed' }) });
      throw error;
    }
  };
  const copyable = message.role === 'assistant' && content !== '';
  return (
    <ChatMessage
      author={message.role}
      content={content}
      authorLabel={intl.formatMessage({ id: AUTHOR_LABEL_IDS[message.role] })}
      botLabel={
        message.role === 'assistant' && showBotType && message.botType !== null
          ? intl.formatMessage(botTypeLabel(message.botType))
          : undefined
      }
      time={intl.formatTime(message.createdAt, { timeStyle: 'short' })}
      isStreaming={message.streaming}
      interruptedLabel={
        message.interrupted ? intl.formatMessage(chatMessages.interrupted) : undefined
      }
      tone={message.tone}
      {...(isEarlier
        ? { earlierLabel: intl.formatMessage({ id: 'chatScreen.earlierReply' }) }
        : {})}
      {...(onRegenerate
        ? {
            regenerate: {
              label: intl.formatMessage({ id: 'chatScreen.regenerate' }),
              replaceLabel: intl.formatMessage({ id: 'chatScreen.regenerateReplace' }),
              keepLabel: intl.formatMessage({ id: 'chatScreen.regenerateKeep' }),
              onRegenerate,
            },
          }
        : {})}
      {...(copyable
        ? {
            onCopy: copy,
            copyLabel: intl.formatMessage({ id: 'chatScreen.copyReply' }),
            copiedLabel: intl.formatMessage({ id: 'chatScreen.copied' }),
          }
        : {})}
    />
  );
}

/**
 * The collected solar data (`GET /chat/portfolio`): filled, partial, empty message,
 * loading, error with retry. Mounted only while the portfolio view is open. When the
 * facts come from more than one conversation, each says which one and when.
 */
export function PortfolioPanel({ id }: { id: string }) {
  const intl = useIntl();
  const portfolio = usePortfolio();
  const t = (key: string) => intl.formatMessage({ id: `chatScreen.portfolio.${key}` });
  const updatedAt = portfolio.data?.updatedAt;
  const sources: Partial<Record<PortfolioFactKey, string>> = {};
  if (portfolio.data && isPortfolioMixed(portfolio.data)) {
    for (const key of PORTFOLIO_FACT_KEYS) {
      const source = portfolio.data.sources[key];
      if (!source) continue;
      const date = intl.formatDate(source.recordedAt, { month: 'short', day: 'numeric' });
      sources[key] = source.conversationTitle
        ? intl.formatMessage(
            { id: 'chatScreen.portfolio.source' },
            { title: source.conversationTitle, date },
          )
        : intl.formatMessage({ id: 'chatScreen.portfolio.sourceUntitled' }, { date });
    }
  }
  return (
    <div id={id}>
      <PortfolioCard
        portfolio={portfolio.data ?? null}
        status={portfolio.isPending ? 'loading' : portfolio.isError ? 'error' : 'ready'}
        onRetry={() => void portfolio.refetch()}
        sources={sources}
        locale={intl.locale}
        labels={{
          title: t('title'),
          monthlyKwh: t('monthlyKwh'),
          monthlyBill: t('monthlyBill'),
          roofType: t('roofType'),
          roofArea: t('roofArea'),
          location: t('location'),
          empty: intl.formatMessage(chatMessages.emptyPortfolio),
          error: intl.formatMessage(loadFailure(portfolio.error, chatMessages.portfolioLoadFailed)),
          retry: intl.formatMessage(chatMessages.retry),
          loading: t('loading'),
          unknown: t('unknown'),
          units: { kwh: t('unit.kwh'), m2: t('unit.m2') },
          roofTypes: Object.fromEntries(ROOF_TYPES.map((type) => [type, t(`roof.${type}`)])),
          ...(updatedAt
            ? {
                updated: intl.formatMessage(
                  { id: 'chatScreen.portfolio.updated' },
                  { date: intl.formatDate(updatedAt, { dateStyle: 'medium', timeStyle: 'short' }) },
                ),
              }
            : {}),
        }}
      />
    </div>
  );
}

const BOT_KEYS = ['consultant', 'sales'] as const;
type BotKey = (typeof BOT_KEYS)[number];
const botOf = (key: BotKey): BotType => (key === 'sales' ? 1 : 0);

/**
 * The bot type selector (0 Solar Consultant, 1 Sales Specialist), compact: its label is
 * the accessible name only (the label toggle is in the header's more-actions menu).
 */
export function ChatSettingsBar({
  settings,
  onChange,
  isDisabled,
}: {
  settings: ChatSettings;
  onChange: (settings: ChatSettings) => void;
  isDisabled?: boolean;
}) {
  const intl = useIntl();
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
      <Select<BotKey>
        hideLabel
        label={intl.formatMessage({ id: 'chatScreen.botType' })}
        options={BOT_KEYS.map((key) => ({
          id: key,
          label: intl.formatMessage(botTypeLabel(botOf(key))),
        }))}
        value={settings.botType === 1 ? 'sales' : 'consultant'}
        onChange={(key) => onChange({ ...settings, botType: botOf(key) })}
        isDisabled={isDisabled}
        className="w-52"
      />
    </div>
  );
}
