/**
 * Class-name merging for every component: `cn(base, variant, className)` joins class names,
 * and a later Tailwind utility wins over an earlier one that sets the same CSS property
 * (`px-4` then `px-0` keeps `px-0`), which is how callers adjust a component's look.
 *
 * The merging is tailwind-merge's, with a class-group config of only the utility families
 * this code base uses (spacing, sizing, layout, typography, colours, borders, outline,
 * effects). tailwind-merge's default config describes all of Tailwind and is about 8 kB
 * gzip on every page (issue 10, initial JavaScript); this one is a fraction of it. The
 * group definitions are copied from tailwind-merge's own default config (3.x), and
 * `cn.test.ts` checks that, for every pair of utilities found in the sources of
 * packages/ui and apps/web, `cn` decides exactly as the full `twMerge` does: a new
 * utility family that is missing here fails that test.
 */
import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, validators } from 'tailwind-merge';

const {
  isAny,
  isAnyNonArbitrary,
  isArbitraryFamilyName,
  isArbitraryLength,
  isArbitraryNumber,
  isArbitraryShadow,
  isArbitraryValue,
  isArbitraryVariable,
  isArbitraryVariableFamilyName,
  isArbitraryVariableLength,
  isArbitraryVariableShadow,
  isFraction,
  isInteger,
  isNumber,
  isTshirtSize,
} = validators;

type Scale = Parameters<typeof createTailwindMerge>[0] extends () => infer C
  ? C extends { classGroups: Record<string, infer G> }
    ? G
    : never
  : never;

const arbitrary = [isArbitraryVariable, isArbitraryValue];
const spacing = () => [...arbitrary, 'px', isNumber];
const inset = () => [isFraction, 'full', 'auto', ...spacing()];
const margin = () => ['auto', ...spacing()];
const sizing = () => [
  isFraction,
  'auto',
  'full',
  'dvw',
  'dvh',
  'lvw',
  'lvh',
  'svw',
  'svh',
  'min',
  'max',
  'fit',
  ...spacing(),
];
const color = () => [isAny, ...arbitrary];
const radius = () => ['', 'none', 'full', isTshirtSize, ...arbitrary];
const borderWidth = () => ['', isNumber, isArbitraryVariableLength, isArbitraryLength];
const lineStyle = () => ['solid', 'dashed', 'dotted', 'double'];
const alignSecondary = () => ['start', 'end', 'center', 'stretch', 'center-safe', 'end-safe'];
const group = (prefix: string, scale: unknown[]): Scale => [{ [prefix]: scale }] as Scale;
const sides = <T>(make: (side: string) => T) =>
  Object.fromEntries(['t', 'r', 'b', 'l'].map((side) => [side, make(side)]));

const merge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: {
    display: [
      'block',
      'inline-block',
      'inline',
      'flex',
      'inline-flex',
      'table',
      'grid',
      'inline-grid',
      'contents',
      'list-item',
      'hidden',
    ],
    sr: ['sr-only', 'not-sr-only'],
    position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
    inset: group('inset', inset()),
    top: group('top', inset()),
    right: group('right', inset()),
    bottom: group('bottom', inset()),
    left: group('left', inset()),
    visibility: ['visible', 'invisible', 'collapse'],
    z: group('z', [isInteger, 'auto', ...arbitrary]),
    'flex-direction': group('flex', ['row', 'row-reverse', 'col', 'col-reverse']),
    'flex-wrap': group('flex', ['nowrap', 'wrap', 'wrap-reverse']),
    flex: group('flex', [isNumber, isFraction, 'auto', 'initial', 'none', isArbitraryValue]),
    shrink: group('shrink', ['', isNumber, ...arbitrary]),
    'grid-cols': group('grid-cols', [isInteger, 'none', 'subgrid', ...arbitrary]),
    'col-start-end': group('col', [
      'auto',
      { span: ['full', isInteger, ...arbitrary] },
      isInteger,
      ...arbitrary,
    ]),
    gap: group('gap', spacing()),
    'gap-x': group('gap-x', spacing()),
    'gap-y': group('gap-y', spacing()),
    'justify-content': group('justify', [
      'start',
      'end',
      'center',
      'between',
      'around',
      'evenly',
      'stretch',
      'baseline',
      'center-safe',
      'end-safe',
      'normal',
    ]),
    'align-items': group('items', [...alignSecondary(), { baseline: ['', 'last'] }]),
    'align-self': group('self', ['auto', ...alignSecondary(), { baseline: ['', 'last'] }]),
    p: group('p', spacing()),
    px: group('px', spacing()),
    py: group('py', spacing()),
    pt: group('pt', spacing()),
    pr: group('pr', spacing()),
    pb: group('pb', spacing()),
    pl: group('pl', spacing()),
    m: group('m', margin()),
    mx: group('mx', margin()),
    my: group('my', margin()),
    mt: group('mt', margin()),
    mr: group('mr', margin()),
    mb: group('mb', margin()),
    ml: group('ml', margin()),
    size: group('size', sizing()),
    w: group('w', [isTshirtSize, 'screen', ...sizing()]),
    'min-w': group('min-w', [isTshirtSize, 'screen', 'none', ...sizing()]),
    'max-w': group('max-w', [
      isTshirtSize,
      'screen',
      'none',
      'prose',
      { screen: [isTshirtSize] },
      ...sizing(),
    ]),
    h: group('h', ['screen', 'lh', ...sizing()]),
    'min-h': group('min-h', ['screen', 'lh', 'none', ...sizing()]),
    'max-h': group('max-h', ['screen', 'lh', 'none', ...sizing()]),
    'font-size': group('text', [
      'base',
      isTshirtSize,
      isArbitraryVariableLength,
      isArbitraryLength,
    ]),
    'font-weight': group('font', [
      'thin',
      'extralight',
      'light',
      'normal',
      'medium',
      'semibold',
      'bold',
      'extrabold',
      'black',
      isArbitraryNumber,
      ...arbitrary,
    ]),
    'font-family': group('font', [
      isArbitraryVariableFamilyName,
      isArbitraryFamilyName,
      isAnyNonArbitrary,
    ]),
    'fvn-spacing': ['proportional-nums', 'tabular-nums'],
    tracking: group('tracking', [
      'tighter',
      'tight',
      'normal',
      'wide',
      'wider',
      'widest',
      ...arbitrary,
    ]),
    'line-clamp': group('line-clamp', [isNumber, 'none', isArbitraryVariable, isArbitraryNumber]),
    leading: group('leading', [
      'none',
      'tight',
      'snug',
      'normal',
      'relaxed',
      'loose',
      ...spacing(),
    ]),
    'list-style-type': group('list', ['disc', 'decimal', 'none', ...arbitrary]),
    'text-alignment': group('text', ['left', 'center', 'right', 'justify', 'start', 'end']),
    'text-color': group('text', color()),
    'text-decoration': ['underline', 'overline', 'line-through', 'no-underline'],
    'text-decoration-thickness': group('decoration', [
      isNumber,
      'from-font',
      'auto',
      isArbitraryVariable,
      isArbitraryLength,
    ]),
    'underline-offset': group('underline-offset', [isNumber, 'auto', ...arbitrary]),
    'text-transform': ['uppercase', 'lowercase', 'capitalize', 'normal-case'],
    'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
    'vertical-align': group('align', [
      'baseline',
      'top',
      'middle',
      'bottom',
      'text-top',
      'text-bottom',
      'sub',
      'super',
      ...arbitrary,
    ]),
    whitespace: group('whitespace', [
      'normal',
      'nowrap',
      'pre',
      'pre-line',
      'pre-wrap',
      'break-spaces',
    ]),
    break: group('break', ['normal', 'words', 'all', 'keep']),
    overflow: group('overflow', ['auto', 'hidden', 'clip', 'visible', 'scroll']),
    'overflow-x': group('overflow-x', ['auto', 'hidden', 'clip', 'visible', 'scroll']),
    'object-fit': group('object', ['contain', 'cover', 'fill', 'none', 'scale-down']),
    'bg-color': group('bg', color()),
    rounded: group('rounded', radius()),
    ...Object.fromEntries(
      ['t', 'r', 'b', 'l', 'tl', 'tr', 'br', 'bl'].map((corner) => [
        `rounded-${corner}`,
        group(`rounded-${corner}`, radius()),
      ]),
    ),
    'border-w': group('border', borderWidth()),
    ...Object.fromEntries(
      Object.entries(sides((side) => group(`border-${side}`, borderWidth()))).map(
        ([side, scale]) => [`border-w-${side}`, scale],
      ),
    ),
    'border-style': group('border', [...lineStyle(), 'hidden', 'none']),
    'border-collapse': group('border', ['collapse', 'separate']),
    'border-color': group('border', color()),
    ...Object.fromEntries(
      Object.entries(sides((side) => group(`border-${side}`, color()))).map(([side, scale]) => [
        `border-color-${side}`,
        scale,
      ]),
    ),
    'divide-y': group('divide-y', borderWidth()),
    'divide-color': group('divide', color()),
    'outline-style': group('outline', [...lineStyle(), 'none', 'hidden']),
    'outline-offset': group('outline-offset', [isNumber, ...arbitrary]),
    'outline-w': group('outline', ['', isNumber, isArbitraryVariableLength, isArbitraryLength]),
    'outline-color': group('outline', color()),
    shadow: group('shadow', [
      '',
      'inner',
      'none',
      isTshirtSize,
      isArbitraryVariableShadow,
      isArbitraryShadow,
    ]),
    'shadow-color': group('shadow', color()),
    'ring-w': group('ring', borderWidth()),
    'ring-w-inset': ['ring-inset'],
    'ring-color': group('ring', color()),
    opacity: group('opacity', [isNumber, ...arbitrary]),
    brightness: group('brightness', [isNumber, ...arbitrary]),
    'backdrop-blur': group('backdrop-blur', ['', 'none', isTshirtSize, ...arbitrary]),
    transition: group('transition', [
      '',
      'all',
      'colors',
      'opacity',
      'shadow',
      'transform',
      'none',
      ...arbitrary,
    ]),
    animate: group('animate', ['none', 'spin', 'ping', 'pulse', 'bounce', ...arbitrary]),
    'translate-x': group('translate-x', [isFraction, 'full', ...spacing()]),
    'translate-y': group('translate-y', [isFraction, 'full', ...spacing()]),
    accent: group('accent', color()),
    cursor: group('cursor', [
      'auto',
      'default',
      'pointer',
      'wait',
      'text',
      'move',
      'help',
      'not-allowed',
      'none',
      ...arbitrary,
    ]),
    'pointer-events': group('pointer-events', ['auto', 'none']),
    resize: group('resize', ['none', '', 'y', 'x']),
    select: group('select', ['none', 'text', 'all', 'auto']),
    fill: group('fill', ['none', ...color()]),
  },
  conflictingClassGroups: {
    overflow: ['overflow-x'],
    inset: ['top', 'right', 'bottom', 'left'],
    flex: ['shrink'],
    gap: ['gap-x', 'gap-y'],
    p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
    px: ['pr', 'pl'],
    py: ['pt', 'pb'],
    m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml'],
    mx: ['mr', 'ml'],
    my: ['mt', 'mb'],
    size: ['w', 'h'],
    'font-size': ['leading'],
    'line-clamp': ['display', 'overflow'],
    rounded: [
      'rounded-t',
      'rounded-r',
      'rounded-b',
      'rounded-l',
      'rounded-tl',
      'rounded-tr',
      'rounded-br',
      'rounded-bl',
    ],
    'rounded-t': ['rounded-tl', 'rounded-tr'],
    'rounded-r': ['rounded-tr', 'rounded-br'],
    'rounded-b': ['rounded-br', 'rounded-bl'],
    'rounded-l': ['rounded-tl', 'rounded-bl'],
    'border-w': ['border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
    'border-color': ['border-color-t', 'border-color-r', 'border-color-b', 'border-color-l'],
  },
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  orderSensitiveModifiers: [
    '*',
    '**',
    'after',
    'backdrop',
    'before',
    'details-content',
    'file',
    'first-letter',
    'first-line',
    'marker',
    'placeholder',
    'selection',
  ],
}));

/** Merges class names; later Tailwind utilities win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}

/** The one focus ring every interactive component uses (visible on keyboard focus only). */
export const focusRing =
  'outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-focus';
