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

/** `words('a b')` -> ['a', 'b']: the static values of a group, kept short. */
const words = (list: string) => list.split(' ');
const arbitrary = [isArbitraryVariable, isArbitraryValue];
const spacing = () => [...arbitrary, 'px', isNumber];
const inset = () => [isFraction, 'full', 'auto', ...spacing()];
const margin = () => ['auto', ...spacing()];
const sizing = () => [isFraction, ...words('auto full dvw dvh svw svh min max fit'), ...spacing()];
const color = () => [isAny, ...arbitrary];
const radius = () => ['', 'none', 'full', isTshirtSize, ...arbitrary];
const borderWidth = () => ['', isNumber, isArbitraryVariableLength, isArbitraryLength];
const align = () => words('start end center stretch');
const group = (prefix: string, scale: unknown[]): Scale => [{ [prefix]: scale }] as Scale;
/**
 * Groups `<name>-<side>` for the given sides (or corners), each with the classes
 * `<prefix><side>-<value>` (`pt-2`; with `prefix` 'border-', `border-t-2`).
 */
const perSide = (name: string, prefix: string, sides: string, scale: () => unknown[]) =>
  Object.fromEntries(
    words(sides).map((side) => [`${name}-${side}`, group(prefix + side, scale())]),
  );
const overflow = () => words('auto hidden clip visible scroll');

const merge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: {
    display: words('block inline-block inline flex inline-flex table grid contents hidden'),
    sr: words('sr-only not-sr-only'),
    position: words('static fixed absolute relative sticky'),
    inset: group('inset', inset()),
    top: group('top', inset()),
    right: group('right', inset()),
    bottom: group('bottom', inset()),
    left: group('left', inset()),
    visibility: words('visible invisible collapse'),
    z: group('z', [isInteger, 'auto', ...arbitrary]),
    'flex-direction': group('flex', words('row row-reverse col col-reverse')),
    'flex-wrap': group('flex', words('nowrap wrap wrap-reverse')),
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
    'justify-content': group('justify', words('start end center between around evenly stretch')),
    'align-items': group('items', [...align(), { baseline: ['', 'last'] }]),
    'align-self': group('self', ['auto', ...align(), { baseline: ['', 'last'] }]),
    p: group('p', spacing()),
    ...perSide('p', 'p', 'x y t r b l', spacing),
    m: group('m', margin()),
    ...perSide('m', 'm', 'x y t r b l', margin),
    size: group('size', sizing()),
    w: group('w', [isTshirtSize, 'screen', ...sizing()]),
    'min-w': group('min-w', [isTshirtSize, 'screen', 'none', ...sizing()]),
    'max-w': group('max-w', [isTshirtSize, 'screen', 'none', 'prose', ...sizing()]),
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
      ...words('thin extralight light normal medium semibold bold extrabold black'),
      isArbitraryNumber,
      ...arbitrary,
    ]),
    'font-family': group('font', [
      isArbitraryVariableFamilyName,
      isArbitraryFamilyName,
      isAnyNonArbitrary,
    ]),
    'fvn-spacing': words('proportional-nums tabular-nums'),
    tracking: group('tracking', [...words('tighter tight normal wide wider widest'), ...arbitrary]),
    'line-clamp': group('line-clamp', [isNumber, 'none', isArbitraryVariable, isArbitraryNumber]),
    leading: group('leading', [...words('none tight snug normal relaxed loose'), ...spacing()]),
    'list-style-type': group('list', [...words('disc decimal none'), ...arbitrary]),
    'text-alignment': group('text', words('left center right justify start end')),
    'text-color': group('text', color()),
    'text-decoration': words('underline overline line-through no-underline'),
    'text-decoration-thickness': group('decoration', [
      isNumber,
      'from-font',
      'auto',
      isArbitraryVariable,
      isArbitraryLength,
    ]),
    'underline-offset': group('underline-offset', [isNumber, 'auto', ...arbitrary]),
    'text-transform': words('uppercase lowercase capitalize normal-case'),
    'text-overflow': words('truncate text-ellipsis text-clip'),
    'vertical-align': group('align', [...words('baseline top middle bottom'), ...arbitrary]),
    whitespace: group('whitespace', words('normal nowrap pre pre-line pre-wrap')),
    break: group('break', words('normal words all keep')),
    overflow: group('overflow', overflow()),
    'overflow-x': group('overflow-x', overflow()),
    'object-fit': group('object', words('contain cover fill none scale-down')),
    'bg-color': group('bg', color()),
    rounded: group('rounded', radius()),
    ...perSide('rounded', 'rounded-', 't r b l tl tr br bl', radius),
    'border-w': group('border', borderWidth()),
    ...perSide('border-w', 'border-', 't r b l', borderWidth),
    'border-style': group('border', words('solid dashed dotted double hidden none')),
    'border-collapse': group('border', words('collapse separate')),
    'border-color': group('border', color()),
    ...perSide('border-color', 'border-', 't r b l', color),
    'divide-y': group('divide-y', borderWidth()),
    'divide-color': group('divide', color()),
    'outline-style': group('outline', words('solid dashed dotted double none hidden')),
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
      ...words('all colors opacity shadow transform none'),
      '',
      ...arbitrary,
    ]),
    animate: group('animate', [...words('none spin ping pulse bounce'), ...arbitrary]),
    'translate-x': group('translate-x', [isFraction, 'full', ...spacing()]),
    'translate-y': group('translate-y', [isFraction, 'full', ...spacing()]),
    accent: group('accent', color()),
    cursor: group('cursor', [
      ...words('auto default pointer wait text move not-allowed none'),
      ...arbitrary,
    ]),
    'pointer-events': group('pointer-events', words('auto none')),
    resize: group('resize', ['', ...words('none y x')]),
    select: group('select', words('none text all auto')),
    fill: group('fill', ['none', ...color()]),
  },
  conflictingClassGroups: {
    overflow: ['overflow-x'],
    inset: words('top right bottom left'),
    flex: ['shrink'],
    gap: words('gap-x gap-y'),
    p: words('p-x p-y p-t p-r p-b p-l'),
    'p-x': words('p-r p-l'),
    'p-y': words('p-t p-b'),
    m: words('m-x m-y m-t m-r m-b m-l'),
    'm-x': words('m-r m-l'),
    'm-y': words('m-t m-b'),
    size: words('w h'),
    'font-size': ['leading'],
    'line-clamp': words('display overflow'),
    rounded: words(
      'rounded-t rounded-r rounded-b rounded-l rounded-tl rounded-tr rounded-br rounded-bl',
    ),
    'rounded-t': words('rounded-tl rounded-tr'),
    'rounded-r': words('rounded-tr rounded-br'),
    'rounded-b': words('rounded-br rounded-bl'),
    'rounded-l': words('rounded-tl rounded-bl'),
    'border-w': words('border-w-t border-w-r border-w-b border-w-l'),
    'border-color': words('border-color-t border-color-r border-color-b border-color-l'),
  },
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  orderSensitiveModifiers: words(
    '* ** after backdrop before details-content file first-letter first-line marker placeholder selection',
  ),
}));

/** Merges class names; later Tailwind utilities win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}

/** The one focus ring every interactive component uses (visible on keyboard focus only). */
export const focusRing =
  'outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-focus';
