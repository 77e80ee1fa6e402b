import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { userEvent } from 'vitest/browser';
import { SelectMenu } from './select-menu.tsx';
import { Select, SelectStandIn, type SelectProps } from './select.tsx';

const options = [
  { id: 'en', label: 'English', lang: 'en' },
  { id: 'es', label: 'Español', lang: 'es' },
];

/** The visible shape of a rendered select: tags, classes, slots, roles and texts. */
function shape(root: Element): string[] {
  const rows: string[] = [];
  const walk = (el: Element, depth: number) => {
    if (el.getAttribute('data-testid') === 'hidden-select-container') return;
    const attrs = ['class', 'data-slot', 'role', 'aria-haspopup', 'aria-expanded', 'disabled']
      .map((name) => `${name}=${el.getAttribute(name) ?? ''}`)
      .join(' ');
    const text = el.children.length === 0 ? el.textContent : '';
    rows.push(`${'  '.repeat(depth)}${el.tagName} ${attrs} ${text}`);
    for (const child of el.children) walk(child, depth + 1);
  };
  walk(root, 0);
  return rows;
}

const variants: [string, Partial<SelectProps>][] = [
  ['selected', { value: 'es' }],
  ['hidden label', { value: 'en', hideLabel: true }],
  ['description and error', { value: 'en', description: 'Pick one', errorMessage: 'Wrong' }],
  ['placeholder', { placeholder: 'Choose' }],
  ['default placeholder', {}],
  ['disabled', { value: 'en', isDisabled: true }],
];

describe('Select stand-in (the trigger shown until the full Select has loaded)', () => {
  it.each(variants)('matches the closed Select: %s', async (_, props) => {
    const screen = await render(
      <div>
        <div data-testid="stand-in">
          <SelectStandIn
            label="Language"
            options={options}
            className="w-40"
            {...props}
            triggerRef={{ current: null }}
            onApproach={() => {}}
            onOpenRequest={() => {}}
          />
        </div>
        <div data-testid="full">
          <SelectMenu label="Language" options={options} className="w-40" {...props} />
        </div>
      </div>,
    );
    const standIn = screen.getByTestId('stand-in').element().querySelector('[data-slot=select]')!;
    const full = screen.getByTestId('full').element().querySelector('[data-slot=select]')!;
    expect(shape(standIn)).toEqual(shape(full));
    const box = (el: Element) => {
      const { width, height } = el.getBoundingClientRect();
      return { width, height };
    };
    expect(box(standIn)).toEqual(box(full));
    // Same accessible name of the trigger: the value, then the label.
    const names = await Promise.all(
      [standIn, full].map((el) => {
        const button = el.querySelector('button')!;
        return (button.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' ');
      }),
    );
    expect(names[0]).toBe(names[1]);
  });

  it('opens the real list on a press, with the chosen option selectable', async () => {
    const onChange = vi.fn();
    const screen = await render(
      <Select label="Language" options={options} value="en" onChange={onChange} />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Language/ }));
    await expect.element(screen.getByRole('listbox')).toBeVisible();
    await userEvent.click(screen.getByRole('option', { name: 'Español' }));
    expect(onChange).toHaveBeenCalledWith('es');
  });

  it('opens with ArrowDown from the keyboard and moves focus into the list', async () => {
    const screen = await render(<Select label="Language" options={options} value="en" />);
    (screen.getByRole('button', { name: /Language/ }).element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(screen.getByRole('listbox')).toBeVisible();
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('option'));
  });
});
