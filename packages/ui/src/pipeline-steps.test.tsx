import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { PipelineSteps } from './pipeline-steps.tsx';
import { ProjectStatusBadge } from './project-status-badge.tsx';
import { StatusHistory } from './status-history.tsx';

const STEPS = ['Draft', 'Requested', 'Scheduled', 'Inspected', 'Accepted', 'Booked', 'Installed'];

describe('PipelineSteps', () => {
  it('lists the seven steps in order with the current one marked', async () => {
    const screen = await render(
      <PipelineSteps steps={STEPS} current={2} label="Progress" completedLabel="done" />,
    );
    const list = screen.getByRole('list', { name: 'Progress' });
    const items = list.getByRole('listitem').elements();
    expect(items).toHaveLength(7);
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([
      null,
      null,
      'step',
      null,
      null,
      null,
      null,
    ]);
    expect(items[0]).toHaveTextContent('Draft (done)');
    expect(items[3]).not.toHaveTextContent('(done)');
  });

  it('shows a cancelled project as a distinct current step after the last reached', async () => {
    const screen = await render(
      <PipelineSteps
        steps={STEPS}
        current={1}
        label="Progress"
        completedLabel="done"
        cancelledLabel="Cancelled"
      />,
    );
    const items = screen.getByRole('listitem').elements();
    expect(items).toHaveLength(8);
    expect(items[1]).toHaveTextContent('Requested (done)');
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(items[2]).toHaveAttribute('data-state', 'cancelled');
    expect(items.filter((item) => item.hasAttribute('aria-current'))).toHaveLength(1);
    // The steps after keep their own numbers.
    expect(items[3]).toHaveTextContent('3Scheduled');
  });

  it('fits a 390 px phone in one column', async () => {
    await page.viewport(390, 800);
    const screen = await render(
      <PipelineSteps steps={STEPS} current={6} label="Progress" completedLabel="done" />,
    );
    const list = screen.getByRole('list').element();
    expect(list.scrollWidth).toBeLessThanOrEqual(390);
    const tops = screen
      .getByRole('listitem')
      .elements()
      .map((item) => item.getBoundingClientRect().top);
    expect(new Set(tops).size).toBe(7);
  });
});

describe('ProjectStatusBadge and StatusHistory', () => {
  it('gives each status its tone and shows the label', async () => {
    const screen = await render(
      <>
        <ProjectStatusBadge status="installed" label="Installed" />
        <ProjectStatusBadge status="cancelled" label="Cancelled" />
      </>,
    );
    await expect.element(screen.getByText('Installed')).toHaveAttribute('data-tone', 'success');
    await expect.element(screen.getByText('Cancelled')).toHaveAttribute('data-tone', 'danger');
  });

  it('lists events with their time, actor and note, or the empty text', async () => {
    const screen = await render(
      <StatusHistory
        label="History"
        events={[
          {
            id: 'a',
            title: 'Quote requested',
            at: '2026-11-22T15:02:00Z',
            atLabel: '22 Nov',
            actor: 'by Aida',
            note: 'Please call first',
          },
        ]}
      />,
    );
    const item = screen.getByRole('list', { name: 'History' }).getByRole('listitem');
    await expect
      .element(item)
      .toHaveTextContent('Quote requested22 Nov · by AidaPlease call first');
    expect(item.element().querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-11-22T15:02:00Z',
    );
    const empty = await render(<StatusHistory label="History" events={[]} emptyLabel="None yet" />);
    await expect.element(empty.getByText('None yet')).toBeVisible();
  });
});
