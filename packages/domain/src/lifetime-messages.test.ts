import { describe, expect, it } from 'vitest';
import { allLifetimeMessages, lifetimeMessages } from './lifetime-messages.ts';
import { allMessages } from './messages.ts';

describe('lifetime figure messages', () => {
  const descriptors = Object.entries(lifetimeMessages);

  it('ids are lifetime.<key>, each text non-empty', () => {
    for (const [key, descriptor] of descriptors) {
      expect(descriptor.id).toBe(`lifetime.${key}`);
      expect(descriptor.defaultMessage.trim()).not.toBe('');
    }
  });

  it('are all keyed by id in allLifetimeMessages, and share no id with the core catalogue', () => {
    expect(Object.keys(allLifetimeMessages).sort()).toEqual(
      descriptors.map(([, d]) => d.id).sort(),
    );
    for (const id of Object.keys(allLifetimeMessages))
      expect(Object.hasOwn(allMessages, id)).toBe(false);
  });

  it('counts take an ICU plural with an "other" branch; formatted values stay plain', () => {
    for (const key of ['title', 'neverPaysBack', 'simplePayback'] as const) {
      expect(lifetimeMessages[key].defaultMessage).toMatch(
        /\{years, plural, one \{[^}]*\} other \{# years\}\}/,
      );
    }
    expect(lifetimeMessages.treeSeedlings.defaultMessage).toContain('{count, plural,');
    expect(lifetimeMessages.netSavings.defaultMessage).toContain('{amount}');
    expect(lifetimeMessages.assumptions.defaultMessage).toMatch(
      /\{degradation\}.*\{escalation\}.*\{factor\}/,
    );
  });
});
