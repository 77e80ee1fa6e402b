/**
 * A screen that could not be shown (docs/product.md#when-the-server-cannot-be-reached and
 * #errors-and-messages), in place of the screen: its code could not be fetched because the
 * server does not answer (the network message with "Try again"), or the server answered and
 * the page already reloaded moments ago (the code-load message with "Reload page").
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, within } from 'storybook/test';
import { SCREEN_PARAMETERS } from '../testing/story-modes.ts';
import { text } from '../testing/story-text.ts';
import { lazyScreen } from './router.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';
import type { FailedLoadOutcome } from './stale-deployment.ts';

/** A screen whose code never arrives, behind the screen's error boundary. */
function FailedScreen({ outcome }: { outcome: FailedLoadOutcome }) {
  const [Screen] = useState(() =>
    lazyScreen(() =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/chat-screen.js'),
      ),
    ),
  );
  return (
    <ScreenErrorBoundary resetKey="/chat" checkFailedLoad={() => Promise.resolve(outcome)}>
      <Screen params={{}} />
    </ScreenErrorBoundary>
  );
}

const meta = {
  title: 'Screens/ScreenError',
  component: FailedScreen,
  parameters: SCREEN_PARAMETERS,
} satisfies Meta<typeof FailedScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The server does not answer: the page stays, with the network message and Try again. */
export const ServerUnreachable: Story = {
  args: { outcome: 'unreachable' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      text('globalError.connection'),
    );
    await expect(
      canvas.getByRole('button', { name: text('app.screenError.tryAgain') }),
    ).toBeVisible();
  },
};

/** The server answered but the page reloaded moments ago: the code-load message, Reload. */
export const ReloadedRecently: Story = {
  args: { outcome: 'reloaded-recently' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(text('globalError.chunkLoad'));
    await expect(
      canvas.getByRole('button', { name: text('app.screenError.reload') }),
    ).toBeVisible();
  },
};
