import { describe, expect, it } from 'vitest';
import type { ConversationSummary, Project } from './contract.ts';
import { dashboardActivity } from './dashboard.ts';
import { quickEstimate } from './estimate.ts';

const project = (id: string, updatedAt: string, isDraft = true): Project => ({
  id,
  userId: 'u1',
  location: { address: `Address ${id}`, latitude: 42.87, longitude: 74.59 },
  configuration: null,
  isDraft,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt,
});
const conversation = (id: string, lastMessageAt: string): ConversationSummary => ({
  id,
  title: `Conversation ${id}`,
  messageCount: 2,
  lastMessageAt,
  titleGenerated: false,
});
const quick = {
  monthlyBill: 670,
  averageKwh: 450,
  pricePerKwh: 1.49,
  address: '',
  billInputMethod: 'manual' as const,
  timestamp: 1_700_000_000_000,
};

describe('dashboardActivity (activity card)', () => {
  it('is empty with nothing stored, loading lists or no drafts', () => {
    const loading = dashboardActivity({
      quick: null,
      projects: undefined,
      conversations: undefined,
    });
    expect(loading).toEqual({ quickEstimate: null, drafts: [], conversations: [], isEmpty: true });
    const submitted = dashboardActivity({
      quick: null,
      projects: [project('p1', '2026-03-01T00:00:00Z', false)],
      conversations: [],
    });
    expect(submitted.isEmpty).toBe(true);
  });

  it("shows the last quick estimate with the domain's system size, not one at 0 kWh", () => {
    const shown = dashboardActivity({ quick, projects: [], conversations: [] });
    expect(shown.quickEstimate).toEqual({
      monthlyKwh: 450,
      systemSizeKw: quickEstimate({ monthlyKwh: 450, pricePerKwhSom: 1.49 }).systemSizeKw,
      savedAt: quick.timestamp,
    });
    expect(shown.quickEstimate?.systemSizeKw).toBe(3.6);
    expect(shown.isEmpty).toBe(false);
    expect(
      dashboardActivity({ quick: { ...quick, averageKwh: 0 }, projects: [], conversations: [] })
        .quickEstimate,
    ).toBeNull();
  });

  it('lists the newest drafts and conversations first, at most the limit of each', () => {
    const activity = dashboardActivity(
      {
        quick: null,
        projects: [
          project('old', '2026-01-02T00:00:00Z'),
          project('new', '2026-03-02T00:00:00Z'),
          project('sent', '2026-04-02T00:00:00Z', false),
          project('mid', '2026-02-02T00:00:00Z'),
        ],
        conversations: [
          conversation('c1', '2026-01-01T00:00:00Z'),
          conversation('c3', '2026-03-01T00:00:00Z'),
          conversation('c2', '2026-02-01T00:00:00Z'),
        ],
      },
      2,
    );
    expect(activity.drafts.map((p) => p.id)).toEqual(['new', 'mid']);
    expect(activity.conversations.map((c) => c.id)).toEqual(['c3', 'c2']);
    expect(activity.isEmpty).toBe(false);
  });
});
