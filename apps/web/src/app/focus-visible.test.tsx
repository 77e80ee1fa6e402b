/**
 * Visible keyboard focus on every screen (WCAG 2.4.7): each screen is
 * walked with the Tab key, and every element that takes focus must draw an outline, on
 * itself or on the control around it (a text field's frame, a checkbox's box). axe does not
 * check this; a focus ring whose style resolves to `none` passed it.
 */
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixtureOptions,
} from '../testing/app-fixture.tsx';

/**
 * True when `element` draws an outline that can be seen, on itself or on its `::after` box
 * (a link stretched over its card draws the ring around the whole card).
 */
function drawsOutline(element: Element): boolean {
  return [getComputedStyle(element), getComputedStyle(element, '::after')].some(visibleOutline);
}

function visibleOutline(style: CSSStyleDeclaration): boolean {
  return (
    style.outlineStyle !== 'none' &&
    Number.parseFloat(style.outlineWidth) > 0 &&
    style.outlineColor !== 'transparent' &&
    !/rgba\(.*,\s*0\)$/.test(style.outlineColor)
  );
}

/**
 * Whether the focused element shows its focus: an outline on itself, on one of its three
 * nearest ancestors (a field's frame, a slider thumb around its input) or inside its label
 * (a checkbox's drawn box).
 */
function showsFocus(element: Element): boolean {
  const candidates: Element[] = [element];
  for (let parent = element.parentElement, level = 0; parent && level < 3; level += 1) {
    candidates.push(parent);
    parent = parent.parentElement;
  }
  const label = element.closest('label');
  if (label) candidates.push(label, ...label.querySelectorAll('*'));
  return candidates.some(drawsOutline);
}

const describeElement = (element: Element) =>
  `<${element.tagName.toLowerCase()} role=${element.getAttribute('role') ?? ''} name="${(
    element.getAttribute('aria-label') ??
    element.textContent ??
    ''
  )
    .trim()
    .slice(0, 40)}">`;

/**
 * Tabs through the screen once from its top (a focusable start mark put before the app);
 * returns each stop and whether it showed its focus.
 */
async function walkTabStops(limit = 80): Promise<{ element: string; visible: boolean }[]> {
  const start = document.createElement('span');
  start.tabIndex = 0;
  document.body.prepend(start);
  start.focus();
  const stops: { element: string; visible: boolean }[] = [];
  const seen = new Set<Element>([start]);
  try {
    for (let step = 0; step < limit; step += 1) {
      await userEvent.keyboard('{Tab}');
      const active = document.activeElement;
      if (!active || active === document.body || seen.has(active)) break;
      seen.add(active);
      stops.push({ element: describeElement(active), visible: showsFocus(active) });
    }
  } finally {
    start.remove();
  }
  return stops;
}

const SCREENS: [string, AppFixtureOptions, string][] = [
  ['sign-in', { path: '/signin' }, 'Sign in to Solar'],
  ['sign-up', { path: '/signup' }, 'Create your Solar account'],
  ['quick calculator', { path: '/solar-calculator' }, 'Quick solar calculator'],
  ['dashboard', { path: '/dashboard', as: 'admin' }, 'Dashboard'],
  ['users', { path: '/users', as: 'admin' }, 'Users'],
  ['profile', { path: '/profile', as: 'client' }, 'Profile'],
  ['chat', { path: '/chat', as: 'client' }, 'New chat'],
  ['full calculator', { path: '/solar-calculator-full', as: 'client' }, 'Solar assessment'],
  ['new user', { path: '/users/create', as: 'admin' }, 'Create user'],
  ['forgot password', { path: '/forgot-password' }, 'Forgot your password?'],
  ['projects', { path: '/projects', as: 'client' }, 'Projects'],
];

describe('visible keyboard focus', () => {
  it.each(SCREENS)('%s: every Tab stop draws a focus outline', async (_name, options, heading) => {
    const fixture = createAppFixture(options);
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect
      .element(screen.getByRole('heading', { name: heading, level: 1 }).first())
      .toBeVisible();
    const stops = await walkTabStops();
    expect(stops.length).toBeGreaterThan(2);
    expect(stops.filter((stop) => !stop.visible).map((stop) => stop.element)).toEqual([]);
  });
});
