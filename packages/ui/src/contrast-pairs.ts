/**
 * The colour pairs the components really draw: a foreground token (text, icon, border, focus
 * ring) on a background token, with the components that use it and what WCAG 2.2 asks of it
 * (1.4.3 Contrast (Minimum): 4.5:1 for text, 3:1 for large text; 1.4.11 Non-text Contrast:
 * 3:1 for the boundary, state or icon a user needs to see a control).
 *
 * contrast-pairs.test.tsx resolves every pair from theme.css in the light and the dark scheme
 * and fails under the threshold; it also fails when a component uses a colour class that no
 * pair (nor the DECORATIVE list) covers. The Storybook Foundations/Colour page renders its
 * table from this list. Token names are theme.css's without `--color-` ("fg-muted",
 * "brand-soft"); "white" and "black" are Tailwind's.
 */
import { blend, parse, toGamut, wcagContrast, type Color } from 'culori';

/** What the pair draws: WCAG's threshold depends on it. */
export type PairKind = 'text' | 'large-text' | 'non-text';

export interface ContrastPair {
  /** Foreground token: text, icon, border or focus ring. */
  fg: string;
  /** Background token it sits on. */
  bg: string;
  /** When `bg` is translucent (a hover tint): the surface under it. @default undefined */
  under?: string;
  kind: PairKind;
  /** Where the pair appears, for people. */
  use: string;
  /** Files in packages/ui/src that draw it (the test checks that they use the fg class). */
  components: readonly string[];
}

/** WCAG 2.2 AA minimum ratio per kind. */
export const MIN_RATIO: Record<PairKind, number> = { text: 4.5, 'large-text': 3, 'non-text': 3 };

export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

const ON_CARDS = ['card.tsx', 'dialog.tsx', 'data-table-cards.tsx', 'empty-state.tsx'];

/** Every pair, grouped by surface. */
export const CONTRAST_PAIRS: readonly ContrastPair[] = [
  // The page and raised surfaces (cards, fields, menus, dialogs).
  {
    fg: 'fg',
    bg: 'surface',
    kind: 'text',
    use: 'Body text on the page',
    components: ['app-shell.tsx', 'logo.tsx', 'spinner.tsx', 'editable-title.tsx'],
  },
  {
    fg: 'fg',
    bg: 'surface-raised',
    kind: 'text',
    use: 'Text in cards, fields, menus and dialogs',
    components: [
      'site-footer.tsx',
      'field-styles.ts',
      ...ON_CARDS,
      'action-menu.tsx',
      'button.tsx',
      'cash-flow-chart.tsx',
      'chat-message.tsx',
      'checkbox.tsx',
      'combo-box.tsx',
      'conversation-list.tsx',
      'data-table.tsx',
      'estimate-results.tsx',
      'field.tsx',
      'file-drop-zone.tsx',
      'language-select.tsx',
      'number-field.tsx',
      'pipeline-steps.tsx',
      'portfolio-card.tsx',
      'radio-group.tsx',
      'select.tsx',
      'slider.tsx',
      'stat.tsx',
      'status-history.tsx',
      'step-indicator.tsx',
      'toast-layer.tsx',
      'user-menu.tsx',
    ],
  },
  {
    fg: 'fg',
    bg: 'surface-sunken',
    kind: 'text',
    use: 'Text on sunken panels (table heads, empty states)',
    components: [
      'radio-group.tsx',
      'select.tsx',
      'file-drop-zone.tsx',
      'data-table.tsx',
      'empty-state.tsx',
      'chat-message.tsx',
    ],
  },
  {
    fg: 'fg-muted',
    bg: 'surface',
    kind: 'text',
    use: 'Secondary text on the page',
    components: ['app-shell.tsx', 'search-field.tsx'],
  },
  {
    fg: 'fg-muted',
    bg: 'surface-raised',
    kind: 'text',
    use: 'Secondary text and hints in cards, fields and menus',
    components: [
      'site-footer.tsx',
      'field-styles.ts',
      ...ON_CARDS,
      'action-menu.tsx',
      'cash-flow-chart.tsx',
      'chat-message.tsx',
      'combo-box.tsx',
      'conversation-list.tsx',
      'data-table.tsx',
      'field.tsx',
      'file-drop-zone.tsx',
      'language-select.tsx',
      'lifetime-figures.tsx',
      'password-field.tsx',
      'pipeline-steps.tsx',
      'portfolio-card.tsx',
      'select.tsx',
      'stat.tsx',
      'status-history.tsx',
      'step-indicator.tsx',
      'toast-layer.tsx',
      'user-menu.tsx',
    ],
  },
  {
    fg: 'fg-muted',
    bg: 'surface-sunken',
    kind: 'text',
    use: 'Secondary text on sunken panels, neutral badges',
    components: [
      'data-table.tsx',
      'empty-state.tsx',
      'project-status-badge.tsx',
      'status-badge.tsx',
    ],
  },
  {
    fg: 'link',
    bg: 'surface-raised',
    kind: 'text',
    use: 'Links in cards and chat',
    components: ['site-footer.tsx', 'link.tsx', 'chat-markdown.tsx'],
  },
  { fg: 'link', bg: 'surface', kind: 'text', use: 'Links on the page', components: ['link.tsx'] },

  // Hover and pressed tints over a raised surface.
  {
    fg: 'fg',
    bg: 'hover',
    under: 'surface-raised',
    kind: 'text',
    use: 'Hovered row, menu item, ghost or stepper button',
    components: [
      'number-field.tsx',
      'action-menu.tsx',
      'app-shell.tsx',
      'button.tsx',
      'data-table.tsx',
      'user-menu.tsx',
    ],
  },
  {
    fg: 'fg',
    bg: 'pressed',
    under: 'surface-raised',
    kind: 'text',
    use: 'Pressed menu item or ghost button',
    components: ['action-menu.tsx', 'app-shell.tsx', 'button.tsx', 'user-menu.tsx'],
  },
  {
    fg: 'fg-muted',
    bg: 'hover',
    under: 'surface-raised',
    kind: 'text',
    use: 'Secondary text in a hovered row or item, clear and close buttons',
    components: ['conversation-list.tsx', 'search-field.tsx', 'toast-layer.tsx'],
  },

  // Brand: tinted surfaces (highlighted figures, selected options, current items).
  {
    fg: 'fg',
    bg: 'brand-soft',
    kind: 'text',
    use: 'Selected budget chip, focused menu option, current conversation',
    components: [
      'radio-group.tsx',
      'select.tsx',
      'combo-box.tsx',
      'action-menu.tsx',
      'user-menu.tsx',
      'conversation-list.tsx',
      'cash-flow-chart.tsx',
      'button.tsx',
      'file-drop-zone.tsx',
      'chat-message.tsx',
    ],
  },
  {
    fg: 'fg-muted',
    bg: 'brand-soft',
    kind: 'text',
    use: 'Label and hint of a highlighted figure ("System size", "Lifetime savings")',
    components: ['stat.tsx', 'conversation-list.tsx', 'file-drop-zone.tsx'],
  },
  {
    fg: 'brand-fg',
    bg: 'brand-soft',
    kind: 'text',
    use: 'Value of a highlighted figure, current navigation item',
    components: ['stat.tsx', 'app-shell.tsx'],
  },
  {
    fg: 'brand-fg',
    bg: 'surface-raised',
    kind: 'text',
    use: 'Link-style button, current step number',
    components: ['button.tsx', 'pipeline-steps.tsx', 'step-indicator.tsx'],
  },
  {
    fg: 'fg',
    bg: 'brand-soft-strong',
    kind: 'text',
    use: 'Pressed secondary button',
    components: ['button.tsx'],
  },
  {
    fg: 'brand-fg',
    bg: 'brand-soft-strong',
    kind: 'text',
    use: 'Avatar initials, assistant mark',
    components: ['avatar.tsx', 'chat-message.tsx'],
  },
  {
    fg: 'brand-accent',
    bg: 'surface-raised',
    kind: 'non-text',
    use: 'Selected option border and radio dot, current step ring, drop target',
    components: [
      'radio-group.tsx',
      'pipeline-steps.tsx',
      'step-indicator.tsx',
      'file-drop-zone.tsx',
      'slider.tsx',
    ],
  },
  {
    fg: 'brand-accent',
    bg: 'brand-soft',
    kind: 'non-text',
    use: 'Radio dot inside a selected chip',
    components: ['radio-group.tsx'],
  },
  {
    fg: 'brand-accent',
    bg: 'surface-sunken',
    kind: 'non-text',
    use: 'Filled part of a slider track',
    components: ['slider.tsx'],
  },
  {
    fg: 'brand-accent',
    bg: 'brand-soft-strong',
    kind: 'non-text',
    use: 'Border of a slider thumb being dragged',
    components: ['slider.tsx'],
  },
  {
    fg: 'brand-accent',
    bg: 'surface',
    kind: 'non-text',
    use: 'Top progress bar',
    components: ['spinner.tsx'],
  },
  {
    fg: 'brand-accent',
    bg: 'surface',
    kind: 'text',
    use: 'Spinner and its label on the page',
    components: ['spinner.tsx'],
  },

  // Solid fills that carry white text.
  {
    fg: 'white',
    bg: 'brand-700',
    kind: 'text',
    use: 'Primary button, user chat bubble, checked box, done step',
    components: [
      'button.tsx',
      'chat-message.tsx',
      'checkbox.tsx',
      'pipeline-steps.tsx',
      'step-indicator.tsx',
    ],
  },
  {
    fg: 'white',
    bg: 'brand-800',
    kind: 'text',
    use: 'Hovered or pressed primary button',
    components: ['button.tsx'],
  },
  { fg: 'white', bg: 'danger', kind: 'text', use: 'Danger button', components: ['button.tsx'] },
  {
    fg: 'surface-raised',
    bg: 'success-fg',
    kind: 'non-text',
    use: 'Tick in a met password rule',
    components: ['password-field.tsx'],
  },

  // Status: text on the page and on tinted surfaces.
  {
    fg: 'success-fg',
    bg: 'success-soft',
    kind: 'text',
    use: 'Success badge and alert',
    components: ['status-badge.tsx', 'project-status-badge.tsx'],
  },
  {
    fg: 'warning-fg',
    bg: 'warning-soft',
    kind: 'text',
    use: 'Warning badge and alert',
    components: ['status-badge.tsx', 'project-status-badge.tsx'],
  },
  {
    fg: 'danger-fg',
    bg: 'danger-soft',
    kind: 'text',
    use: 'Error badge, alert and failed step',
    components: [
      'project-status-badge.tsx',
      'load-error.tsx',
      'chat-message.tsx',
      'pipeline-steps.tsx',
    ],
  },
  {
    fg: 'info-fg',
    bg: 'info-soft',
    kind: 'text',
    use: 'Information badge',
    components: ['project-status-badge.tsx'],
  },
  {
    fg: 'success-fg',
    bg: 'surface-raised',
    kind: 'text',
    use: 'Done ticks and "saved" notes in cards, success toast',
    components: [
      'estimate-results.tsx',
      'password-field.tsx',
      'chat-message.tsx',
      'toast-layer.tsx',
    ],
  },
  {
    fg: 'warning-fg',
    bg: 'surface-raised',
    kind: 'text',
    use: 'Warning toast, interrupted chat reply',
    components: ['toast-layer.tsx', 'chat-message.tsx'],
  },
  {
    fg: 'danger-fg',
    bg: 'surface-raised',
    kind: 'text',
    use: 'Field errors, error toast, delete menu item',
    components: [
      'field-styles.ts',
      'file-drop-zone.tsx',
      'toast-layer.tsx',
      'action-menu.tsx',
      'conversation-list.tsx',
      'portfolio-card.tsx',
      'chat-message.tsx',
      'pipeline-steps.tsx',
    ],
  },
  {
    fg: 'info-fg',
    bg: 'surface-raised',
    kind: 'text',
    use: 'Information toast icon and text',
    components: ['toast-layer.tsx'],
  },

  // Role badges: light tints with dark text in both schemes.
  ...(
    [
      ['admin', 'Administrator'],
      ['project-manager', 'Project manager'],
      ['installer', 'Installer'],
      ['roof-inspector', 'Roof inspector'],
      ['client-residential', 'Residential client'],
      ['client-commercial', 'Commercial client'],
      ['supplier', 'Supplier'],
      ['unknown', 'Unknown role'],
    ] as const
  ).map(([role, name]): ContrastPair => ({
    fg: `role-${role}-fg`,
    bg: `role-${role}`,
    kind: 'text',
    use: `${name} badge`,
    components: ['role-badge.tsx'],
  })),

  // Control boundaries and focus (WCAG 1.4.11).
  {
    fg: 'border-strong',
    bg: 'surface-raised',
    kind: 'non-text',
    use: 'Field, checkbox, radio and chip borders; slider track',
    components: [
      'field.tsx',
      'checkbox.tsx',
      'radio-group.tsx',
      'select.tsx',
      'number-field.tsx',
      'language-select.tsx',
      'chat-composer.tsx',
      'file-drop-zone.tsx',
      'password-field.tsx',
      'pipeline-steps.tsx',
      'step-indicator.tsx',
      'slider.tsx',
      'cash-flow-chart.tsx',
    ],
  },
  {
    fg: 'danger-fg',
    bg: 'surface-raised',
    kind: 'non-text',
    use: 'Border of an invalid field, rejected drop, failed step',
    components: [
      'field.tsx',
      'checkbox.tsx',
      'radio-group.tsx',
      'number-field.tsx',
      'file-drop-zone.tsx',
      'pipeline-steps.tsx',
    ],
  },
  {
    fg: 'focus',
    bg: 'surface',
    kind: 'non-text',
    use: 'Focus ring on the page',
    components: ['cn.ts', 'app-shell.tsx', 'toast-layer.tsx'],
  },
  {
    fg: 'focus',
    bg: 'surface-raised',
    kind: 'non-text',
    use: 'Focus ring and focused field border in cards',
    components: [
      'checkbox.tsx',
      'combo-box.tsx',
      'file-drop-zone.tsx',
      'language-select.tsx',
      'slider.tsx',
      'cn.ts',
      'field.tsx',
      'number-field.tsx',
      'chat-composer.tsx',
    ],
  },
  {
    fg: 'focus',
    bg: 'brand-soft',
    kind: 'non-text',
    use: 'Focus ring around a selected chip',
    components: ['radio-group.tsx'],
  },
  {
    fg: 'success-fg',
    bg: 'surface-raised',
    kind: 'non-text',
    use: 'Savings bars of the cash-flow chart, met password rule circle',
    components: ['cash-flow-chart.tsx', 'password-field.tsx'],
  },
  {
    fg: 'brand-600',
    bg: 'surface-raised',
    kind: 'non-text',
    use: 'Payback year bar of the cash-flow chart',
    components: ['cash-flow-chart.tsx'],
  },
];

/**
 * Colour classes that carry no information a user needs (WCAG 1.4.11 asks nothing of them):
 * hairlines between regions, tints behind a tinted border, the logo's artwork. Exact
 * classes, without variants (`dark:`, `data-[x]:`).
 */
export const DECORATIVE: Readonly<Record<string, string>> = {
  'border-border': 'Hairline around cards and between rows; the content marks the region',
  'border-surface': 'Gap ring around a timeline dot',
  'bg-border-strong': 'Connector line between steps (the steps carry their state in text)',
  'bg-brand-700': 'Timeline dot (the entry beside it is text)',
  'border-brand-700': 'Checked box and done step, filled with the same colour',
  'border-brand-accent/40': 'Tinted border of a highlighted figure (its surface marks it)',
  'border-danger-fg/30': 'Tinted border of an error badge or alert',
  'border-warning-fg/30': 'Tinted border of a warning badge',
  'border-warning-fg/60': 'Tinted border of an interrupted chat reply',
  'border-success-fg/30': 'Tinted border of a success badge',
  'border-info-fg/30': 'Tinted border of an information badge',
  'bg-brand-500/20': 'Track of the top progress bar',
  'bg-surface/70': 'Veil over content that is loading',
  'bg-surface/60': 'Veil over a table that is refetching',
  'bg-surface-sunken/60': 'Zebra tint of table rows',
  'fill-fg-muted/60': 'Loss bars of the cash-flow chart; the table view gives the figures',
  'text-brand-500': 'Logo artwork (dark scheme)',
  'text-brand-600': 'Logo artwork (light scheme)',
  'bg-overlay': 'Dim layer behind a dialog',
  'border-l-border-strong': 'Stripe of a plain toast',
  'border-l-success': 'Stripe of a success toast; its icon and text carry the status',
  'border-l-danger': 'Stripe of an error toast; its icon and text carry the status',
  'border-l-warning': 'Stripe of a warning toast; its icon and text carry the status',
  'border-l-info': 'Stripe of an information toast; its icon and text carry the status',
  'bg-transparent': 'No colour',
  'ring-border-strong': 'Slider thumb outline, the same colour as field borders',
  'stroke-border-strong': 'Chart axis line',
};

// ---------------------------------------------------------------------------------------
// Reading theme.css

/** `text` as a literal pattern for RegExp. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `--name: value;` declarations of one CSS block's body. */
function declarations(body: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of body.matchAll(/--([\w-]+)\s*:\s*([^;]+);/g)) {
    out.set(match[1]!, match[2]!.replace(/\s+/g, ' ').trim());
  }
  return out;
}

/**
 * The body of the first block whose selector is `selector` followed by `{`; with `topLevel`,
 * only a block that starts a line (not one nested in another rule).
 */
function block(css: string, selector: string, topLevel = true): string | undefined {
  const start = topLevel
    ? css.search(new RegExp(`^${escape(selector)} \\{`, 'm'))
    : css.indexOf(`${selector} {`);
  if (start < 0) return undefined;
  const open = css.indexOf('{', start);
  let depth = 0;
  for (let i = open; i < css.length; i += 1) {
    if (css[i] === '{') depth += 1;
    if (css[i] === '}' && --depth === 0) return css.slice(open + 1, i);
  }
  return undefined;
}

/** theme.css split into its token maps. */
export interface ThemeTokens {
  /** `@theme` (Tailwind's tokens), keyed without the leading `--`. */
  theme: Map<string, string>;
  /** `:root` values (light). */
  light: Map<string, string>;
  /** Dark values under `@media (prefers-color-scheme: dark)`. */
  darkSystem: Map<string, string>;
  /** Dark values under `:root[data-theme='dark']`. */
  darkAttribute: Map<string, string>;
}

/** Parses theme.css's text (imported with `?raw`). */
export function readTheme(css: string): ThemeTokens {
  const media = block(css, '@media (prefers-color-scheme: dark)') ?? '';
  return {
    theme: declarations(block(css, '@theme') ?? ''),
    light: declarations(block(css, ':root') ?? ''),
    darkSystem: declarations(block(media, ":root:not([data-theme='light'])", false) ?? ''),
    darkAttribute: declarations(block(css, ":root[data-theme='dark']") ?? ''),
  };
}

/** Tailwind's own colours the components use beside theme.css's. */
const TAILWIND_COLOURS: Record<string, string> = { white: '#fff', black: '#000' };

/** A token's CSS colour in one scheme ("fg-muted" → "oklch(0.45 0.02 60)"), or undefined. */
export function tokenColour(
  tokens: ThemeTokens,
  token: string,
  scheme: Scheme,
): string | undefined {
  const value = tokens.theme.get(`color-${token}`) ?? TAILWIND_COLOURS[token];
  const variable = value && /^var\(--([\w-]+)\)$/.exec(value)?.[1];
  if (!variable) return value;
  return (scheme === 'dark' ? tokens.darkSystem : tokens.light).get(variable);
}

/** A parsed colour mapped into sRGB the way CSS Color 4 maps out-of-gamut colours. */
const inGamut = toGamut('rgb', 'oklch');

function colour(tokens: ThemeTokens, token: string, scheme: Scheme): Color {
  const css = tokenColour(tokens, token, scheme);
  const parsed = css === undefined ? undefined : parse(css);
  if (!parsed) throw new Error(`No colour for token "${token}" in the ${scheme} scheme`);
  return inGamut(parsed);
}

/** The WCAG 2.2 contrast ratio (1 to 21) of a pair in one scheme. */
export function pairRatio(tokens: ThemeTokens, pair: ContrastPair, scheme: Scheme): number {
  let bg = colour(tokens, pair.bg, scheme);
  if (pair.under) bg = blend([colour(tokens, pair.under, scheme), bg], 'normal', 'rgb');
  return wcagContrast(colour(tokens, pair.fg, scheme), bg);
}
