/**
 * What the dashboard's activity card shows (the activity card of docs/product.md#dashboard):
 * the user's last quick estimate (kept in the browser), their newest drafts and their
 * newest conversations, each capped, newest first. Pure, so the selection is tested in Node.
 */
import type { ConversationSummary, Project } from './contract.ts';
import { canCalculate, quickEstimate } from './estimate.ts';
import type { QuickCalculatorData } from './quick-calculator-data.ts';

/** How many drafts and conversations the dashboard lists. */
export const DASHBOARD_LIST_LIMIT = 3;

/** The last quick estimate: its monthly use (kWh), the system it gives (kW DC) and when (epoch ms). */
export interface LastQuickEstimate {
  readonly monthlyKwh: number;
  readonly systemSizeKw: number;
  readonly savedAt: number;
}

/** The activity card's three lists; `isEmpty` when there is nothing in any of them. */
export interface DashboardActivity {
  readonly quickEstimate: LastQuickEstimate | null;
  readonly drafts: readonly Project[];
  readonly conversations: readonly ConversationSummary[];
  readonly isEmpty: boolean;
}

/**
 * The activity card's content from the stored quick calculator inputs (null when none), the
 * user's projects and conversations (undefined while loading). A quick estimate shows only
 * when it can be calculated (monthly use above 0 kWh, docs/product.md#dashboard); drafts are the
 * projects with `isDraft`, by `updatedAt`; conversations by `lastMessageAt`; at most
 * `limit` of each.
 */
export function dashboardActivity(
  input: {
    readonly quick: QuickCalculatorData | null;
    readonly projects: readonly Project[] | undefined;
    readonly conversations: readonly ConversationSummary[] | undefined;
  },
  limit: number = DASHBOARD_LIST_LIMIT,
): DashboardActivity {
  const quick = input.quick;
  const quickEstimateShown =
    quick && canCalculate(quick.averageKwh)
      ? {
          monthlyKwh: quick.averageKwh,
          systemSizeKw: quickEstimate({
            monthlyKwh: quick.averageKwh,
            pricePerKwhSom: quick.pricePerKwh,
          }).systemSizeKw,
          savedAt: quick.timestamp,
        }
      : null;
  const drafts = (input.projects ?? [])
    .filter((project) => project.isDraft)
    .toSorted((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .slice(0, limit);
  const conversations = (input.conversations ?? [])
    .toSorted((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt))
    .slice(0, limit);
  return {
    quickEstimate: quickEstimateShown,
    drafts,
    conversations,
    isEmpty: !quickEstimateShown && drafts.length === 0 && conversations.length === 0,
  };
}
