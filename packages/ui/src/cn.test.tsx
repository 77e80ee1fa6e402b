import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

/** The sources whose class names `cn` merges: the components and the app's screens. */
const sources = {
  ...import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./cn.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  ...import.meta.glob(['../../../apps/web/src/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
} as Record<string, string>;

/** Every word of every string literal that could be a utility, without its variants (`data-[hovered]:`). */
function utilities(): string[] {
  const found = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const literal of source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
      for (const word of literal[2]!.split(/\s+/)) {
        if (!/^-?[a-z[][\w\-[\]/.&>()%=#,*]*$/.test(word)) continue;
        let depth = 0;
        let lastColon = -1;
        for (let i = 0; i < word.length; i++) {
          if (word[i] === '[') depth++;
          else if (word[i] === ']') depth--;
          else if (word[i] === ':' && depth === 0) lastColon = i;
        }
        found.add(word.slice(lastColon + 1));
      }
    }
  }
  return [...found].sort();
}

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

  it('decides every pair of the utilities in use as tailwind-merge with its full config does', () => {
    const words = utilities();
    expect(words.length).toBeGreaterThan(200);
    expect(words).toContain('px-3');
    const differences: string[] = [];
    for (const a of words) {
      for (const b of words) {
        const pair = `${a} ${b}`;
        if (cn(pair) !== twMerge(pair))
          differences.push(`${pair} -> ${cn(pair)}, not ${twMerge(pair)}`);
      }
    }
    expect(differences).toEqual([]);
  });
});
