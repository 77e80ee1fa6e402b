import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it('lets a later utility win over an earlier one for the same property', () => {
    expect(cn('px-4 py-2', 'px-0')).toBe('py-2 px-0');
    expect(cn('text-sm text-fg', 'text-base')).toBe('text-fg text-base');
    expect(cn('gap-4 p-5', { 'p-6': true, hidden: false })).toBe('gap-4 p-6');
    expect(cn('border border-border', 'border-0 border-danger-fg')).toBe(
      'border-0 border-danger-fg',
    );
    expect(cn('data-[hovered]:bg-black/5', 'bg-brand-50 data-[hovered]:bg-brand-50')).toBe(
      'bg-brand-50 data-[hovered]:bg-brand-50',
    );
  });

  it("knows the theme's own radii, shadows, animations and font sizes", () => {
    expect(cn('rounded-card', 'rounded-none')).toBe('rounded-none');
    expect(cn('rounded-control', 'rounded-pill')).toBe('rounded-pill');
    expect(cn('shadow-card', 'shadow-overlay')).toBe('shadow-overlay');
    expect(cn('shadow-overlay', 'shadow-none')).toBe('shadow-none');
    expect(cn('animate-toast-in', 'animate-toast-out')).toBe('animate-toast-out');
    expect(cn('animate-caret', 'animate-none')).toBe('animate-none');
    expect(cn('text-3xl', 'text-xs')).toBe('text-xs');
    // A colour and a size are different properties: both stay.
    expect(cn('text-xs', 'text-danger-fg')).toBe('text-xs text-danger-fg');
    expect(cn('shadow-card', 'shadow-black/10')).toBe('shadow-card shadow-black/10');
  });
});
