import { TOAST_DURATION_MS, TOAST_FADE_OUT_MS, type ToastKind } from '@solar/domain/constants';
import { act, useEffect } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { ToastProvider, useToast, type ToastApi } from './toast.tsx';

const captured: { api?: ToastApi } = {};
function Capture() {
  const toast = useToast();
  useEffect(() => {
    captured.api = toast;
  }, [toast]);
  return null;
}
const api = { show: (t: Parameters<ToastApi['show']>[0]) => captured.api!.show(t) };

async function setup() {
  const screen = await render(
    <ToastProvider closeLabel="Close">
      <Capture />
    </ToastProvider>,
  );
  return { screen };
}

/** The toast element whose title is `title`, or null. */
function findToast(title: string): HTMLElement | null {
  return (
    Array.from(document.querySelectorAll<HTMLElement>('[data-slot=toast]')).find((el) =>
      el.textContent?.includes(title),
    ) ?? null
  );
}

// Runs first: Radix is not loaded yet in this file.
describe('Toast loading (Radix comes with the first toast)', () => {
  it('has no region before the first toast; the toast arrives with it, F8 moves focus in', async () => {
    const { screen } = await setup();
    expect(document.querySelector('[data-slot=toast-viewport]')).toBeNull();
    act(() => {
      api.show({ kind: 'info', title: 'First toast' });
    });
    await expect.element(screen.getByText('First toast')).toBeInTheDocument();
    expect(findToast('First toast')?.dataset.state).toBe('open');
    await expect
      .element(screen.getByRole('region', { name: 'Notifications (F8)' }))
      .toBeInTheDocument();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { code: 'F8', bubbles: true }));
    await vi.waitFor(() =>
      expect(document.activeElement?.getAttribute('data-slot')).toBe('toast-viewport'),
    );
  });
});

describe('Toast (durations, 300 ms fade-out)', () => {
  beforeAll(async () => {
    // Radix loads with a first toast; once loaded, later toasts render at once.
    const { screen } = await setup();
    act(() => {
      api.show({ kind: 'info', title: 'Warm-up toast' });
    });
    await vi.waitFor(() => expect(findToast('Warm-up toast')).not.toBeNull());
    await screen.unmount();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<[ToastKind, number]>([
    ['success', 4000],
    ['error', 7000],
    ['warning', 5000],
    ['info', 4000],
    ['default', 5000],
  ])('%s stays %i ms, fades for 300 ms, then is removed', async (kind, duration) => {
    expect(TOAST_DURATION_MS[kind]).toBe(duration);
    await setup();
    act(() => {
      api.show({ kind, title: `A ${kind} toast` });
    });
    const toast = findToast(`A ${kind} toast`);
    expect(toast).not.toBeNull();
    expect(toast!.dataset.kind).toBe(kind);
    expect(toast!.dataset.state).toBe('open');

    act(() => vi.advanceTimersByTime(duration - 1));
    expect(findToast(`A ${kind} toast`)?.dataset.state).toBe('open');

    act(() => vi.advanceTimersByTime(1));
    expect(findToast(`A ${kind} toast`)?.dataset.state).toBe('closed');

    act(() => vi.advanceTimersByTime(TOAST_FADE_OUT_MS));
    expect(findToast(`A ${kind} toast`)).toBeNull();
  });

  it('an explicit duration wins (the global handler passes 8 s for errors)', async () => {
    await setup();
    act(() => {
      api.show({ kind: 'error', title: 'Unexpected Error', duration: 8000 });
    });
    act(() => vi.advanceTimersByTime(7999));
    expect(findToast('Unexpected Error')?.dataset.state).toBe('open');
    act(() => vi.advanceTimersByTime(1 + TOAST_FADE_OUT_MS));
    expect(findToast('Unexpected Error')).toBeNull();
  });

  it('pauses while the pointer is over the region, and resumes with the time left', async () => {
    await setup();
    act(() => {
      api.show({ kind: 'success', title: 'Saved' });
    });
    act(() => vi.advanceTimersByTime(1000));
    const viewport = document.querySelector('ol')!;
    act(() => {
      viewport.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
    });
    act(() => vi.advanceTimersByTime(10_000));
    expect(findToast('Saved')?.dataset.state).toBe('open');
    act(() => {
      viewport.dispatchEvent(new PointerEvent('pointerleave', { bubbles: true }));
    });
    act(() => vi.advanceTimersByTime(2999));
    expect(findToast('Saved')?.dataset.state).toBe('open');
    act(() => vi.advanceTimersByTime(1));
    expect(findToast('Saved')?.dataset.state).toBe('closed');
  });

  it('announces errors assertively and other kinds politely, in a labelled region', async () => {
    const { screen } = await setup();
    act(() => {
      api.show({ kind: 'error', title: 'Authorization Error' });
      api.show({ kind: 'info', title: 'FYI' });
    });
    await expect.element(screen.getByRole('region', { name: /Notifications/ })).toBeInTheDocument();
    const live = Array.from(document.querySelectorAll('[aria-live]')).map((el) =>
      el.getAttribute('aria-live'),
    );
    expect(live).toContain('assertive');
    expect(live).toContain('polite');
  });

  it('throws a clear error outside a provider', async () => {
    vi.useRealTimers();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(render(<Capture />)).rejects.toThrow('useToast needs a <ToastProvider>');
    spy.mockRestore();
  });
});
