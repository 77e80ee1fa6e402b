/**
 * The account screens (docs/product.md#accounts-and-sessions) in each of their states,
 * signed out, on the MSW fake with the frozen clock: sign in (with and without an external
 * provider), the external sign-in's callback, sign up, forgot and reset password, email
 * verification, terms and privacy.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FIXTURE_ACCOUNTS } from '../../testing/app-fixture.tsx';
import { FAKE_GOOGLE_PROVIDER, FAKE_OTHER_PROVIDER } from '../../testing/auth-fixtures.ts';
import { AccountApp, lastMailPath } from '../../testing/auth-stories.tsx';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';
import { ATTEMPT_KEY, rememberAttempt } from './external-sign-in.ts';

const meta = {
  title: 'Screens/Auth',
  component: AccountApp,
  parameters: SCREEN_PARAMETERS,
  args: { path: '/signin' },
} satisfies Meta<typeof AccountApp>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The sign-in form (external sign-in off: the server reports no provider). */
export const SignIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: text('signin.title') })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Google|Solar ID/ })).toBeNull();
  },
};

/** With Google as provider: "Continue with Google" (Google's mark) under the form. */
export const SignInWithGoogle: Story = {
  args: { mock: { oidcProvider: FAKE_GOOGLE_PROVIDER } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('signin.google', { provider: 'Google' }) }),
    ).toBeVisible();
  },
};

/** With any other OpenID provider: its name and a neutral icon. */
export const SignInWithOtherProvider: Story = {
  args: { mock: { oidcProvider: FAKE_OTHER_PROVIDER } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('signin.google', { provider: 'Solar ID' }) }),
    ).toBeVisible();
  },
};

/** The provider cannot be reached when the button is pressed (502): said on the form. */
export const SignInProviderUnreachable: Story = {
  args: {
    mock: { oidcProvider: FAKE_GOOGLE_PROVIDER },
    handlers: [
      http.post('*/api/v1/auth/google/start', () =>
        HttpResponse.json({ message: 'Bad gateway', code: 'bad_gateway' }, { status: 502 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = text('signin.google', { provider: 'Google' });
    await userEvent.click(await canvas.findByRole('button', { name }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      text('externalCallback.unreachable', { provider: 'Google' }),
    );
  },
};

/** The state this story's callback carries, remembered as if this tab had started it. */
const STORY_STATE = 'story-state';
const rememberStoryAttempt = (mode: 'signIn' | 'signUp' = 'signIn') => {
  rememberAttempt(window.sessionStorage, { state: STORY_STATE, mode, from: '/profile' });
  return () => window.sessionStorage.removeItem(ATTEMPT_KEY);
};

/** Back from the provider, while the server finishes the sign-in: the spinner. */
export const ExternalCallbackWorking: Story = {
  args: {
    path: `/signin/callback?code=story-code&state=${STORY_STATE}`,
    mock: { oidcProvider: FAKE_GOOGLE_PROVIDER },
    handlers: [http.post('*/api/v1/auth/google/signin', () => delay('infinite'))],
  },
  beforeEach: () => rememberStoryAttempt(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(text('externalCallback.working', { provider: 'Google' })),
    ).toBeVisible();
  },
};

/** The user pressed Cancel at the provider: said so, with "Try again" and the email form. */
export const ExternalCallbackCancelled: Story = {
  args: {
    path: `/signin/callback?error=access_denied&state=${STORY_STATE}`,
    mock: { oidcProvider: FAKE_GOOGLE_PROVIDER },
  },
  beforeEach: () => rememberStoryAttempt(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      text('externalCallback.cancelled', { provider: 'Google' }),
    );
    await expect(
      canvas.getByRole('button', { name: text('externalCallback.tryAgain') }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: text('externalCallback.toSignIn') }),
    ).toBeVisible();
  },
};

/** The server could not reach the provider (502) after a sign-up attempt. */
export const ExternalCallbackUnreachable: Story = {
  args: {
    path: `/signin/callback?code=story-code&state=${STORY_STATE}`,
    mock: { oidcProvider: FAKE_OTHER_PROVIDER },
    handlers: [
      http.post('*/api/v1/auth/google/signin', () =>
        HttpResponse.json({ message: 'Bad gateway', code: 'bad_gateway' }, { status: 502 }),
      ),
    ],
  },
  beforeEach: () => rememberStoryAttempt('signUp'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      text('externalCallback.unreachable', { provider: 'Solar ID' }),
    );
    await expect(
      canvas.getByRole('link', { name: text('externalCallback.toSignUp') }),
    ).toBeVisible();
  },
};

/** A callback this tab never started (a link from someone else): refused, nothing sent. */
export const ExternalCallbackNotStarted: Story = {
  args: {
    path: '/signin/callback?code=story-code&state=someone-elses',
    mock: { oidcProvider: FAKE_GOOGLE_PROVIDER },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      text('externalCallback.notStarted'),
    );
  },
};

/** Submitted empty: 'Please fill in all fields' on both fields. */
export const SignInValidation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: text('signin.submit') }));
    // The schema loads with the first submit.
    await waitFor(() =>
      expect(canvas.getByLabelText(text('signin.email'))).toHaveAccessibleDescription(
        text('validation.fillAllFields'),
      ),
    );
  },
};

/** A wrong password: 'Login failed. Please check your credentials.'. */
export const SignInWrongCredentials: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText(text('signin.email')),
      FIXTURE_ACCOUNTS.client.email,
    );
    await userEvent.type(
      canvas.getByLabelText(text('signin.password'), { selector: 'input' }),
      'Wrong123',
    );
    await userEvent.click(canvas.getByRole('button', { name: text('signin.submit') }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(text('auth.loginFailed'));
  },
};

/** The sign-up form with the empty checklist. */
export const SignUp: Story = {
  args: { path: '/signup' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: text('signup.title') })).toBeVisible();
  },
};

/** Every field's message after an empty submit. */
export const SignUpValidation: Story = {
  args: { path: '/signup' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: text('signup.submit') }));
    // The schema loads on the form's first focus; the errors follow it.
    await waitFor(() =>
      expect(canvas.getByLabelText(text('signup.name'))).toHaveAccessibleDescription(
        text('validation.nameRequired'),
      ),
    );
    await expect(canvas.getByRole('checkbox')).toHaveAccessibleDescription(
      text('validation.acceptTerms'),
    );
  },
};

/** A weak password: the checklist shows what is missing; confirmation differs. */
export const SignUpWeakPassword: Story = {
  args: { path: '/signup' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(text('signup.name')), 'Nurlan Toktosunov');
    await userEvent.type(canvas.getByLabelText(text('signin.email')), 'nurlan@example.com');
    await userEvent.type(
      canvas.getByLabelText(text('signin.password'), { selector: 'input' }),
      'sunshine',
    );
    await userEvent.type(
      canvas.getByLabelText(text('signup.confirmPassword'), { selector: 'input' }),
      'sunshine1',
    );
    await userEvent.click(canvas.getByRole('button', { name: text('signup.submit') }));
    await expect(
      canvas.getByLabelText(text('signup.confirmPassword'), { selector: 'input' }),
    ).toHaveAccessibleDescription(text('validation.passwordsMismatch'));
  },
};

/** The email already has an account (409), shown on the email field. */
export const SignUpEmailTaken: Story = {
  args: { path: '/signup' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(text('signup.name')), 'Daniyar Sadykov');
    await userEvent.type(canvas.getByLabelText(text('signin.email')), 'daniyar@example.com');
    await userEvent.type(
      canvas.getByLabelText(text('signin.password'), { selector: 'input' }),
      'Sunshine2026',
    );
    await userEvent.type(
      canvas.getByLabelText(text('signup.confirmPassword'), { selector: 'input' }),
      'Sunshine2026',
    );
    await userEvent.click(canvas.getByRole('checkbox'));
    await userEvent.click(canvas.getByRole('button', { name: text('signup.submit') }));
    await waitFor(() =>
      expect(canvas.getByLabelText(text('signin.email'))).toHaveAccessibleDescription(
        text('api.emailTaken'),
      ),
    );
  },
};

/** The forgot-password form (submit disabled while empty). */
export const ForgotPassword: Story = {
  args: { path: '/forgot-password' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('forgotPassword.submit') }),
    ).toBeDisabled();
  },
};

/** The success panel with 'Try a different email'. */
export const ForgotPasswordSent: Story = {
  args: { path: '/forgot-password' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText(text('signin.email')),
      FIXTURE_ACCOUNTS.client.email,
    );
    await userEvent.click(canvas.getByRole('button', { name: text('forgotPassword.submit') }));
    await expect(
      await canvas.findByRole('button', { name: text('forgotPassword.tryAnother') }),
    ).toBeVisible();
  },
};

/** The reset form of a real link, with the live checklist half met. */
export const ResetPassword: Story = {
  args: {
    path: (fixture) => {
      fixture.mock.fake.forgotPassword({ email: FIXTURE_ACCOUNTS.client.email });
      return lastMailPath(fixture);
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText(text('resetPassword.password'), { selector: 'input' }),
      'sunshine',
    );
  },
};

/** Every reset validation message after an empty submit. */
export const ResetPasswordValidation: Story = {
  args: { path: '/reset-password?token=abc' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: text('resetPassword.submit') }),
    );
    // The schema loads on the form's first focus; the errors follow it.
    await waitFor(() =>
      expect(
        canvas.getByLabelText(text('resetPassword.confirmPassword'), { selector: 'input' }),
      ).toHaveAccessibleDescription(text('validation.confirmRequired')),
    );
  },
};

/** An invalid or expired link: the message and a link to /forgot-password. */
export const ResetPasswordInvalidLink: Story = {
  args: { path: '/reset-password?token=expired' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText(text('resetPassword.password'), { selector: 'input' }),
      'Sunshine2026',
    );
    await userEvent.type(
      canvas.getByLabelText(text('resetPassword.confirmPassword'), { selector: 'input' }),
      'Sunshine2026',
    );
    await userEvent.click(canvas.getByRole('button', { name: text('resetPassword.submit') }));
    await expect(
      await canvas.findByRole('link', { name: text('resetPassword.requestNewLink') }),
    ).toBeVisible();
  },
};

/**
 * The success panel announcing the redirect. The app moves to /signin after 3 s; here its
 * timer never runs, so the panel stays for review and screenshots.
 */
export const ResetPasswordDone: Story = {
  ...ResetPassword,
  args: { ...ResetPassword.args, schedule: () => () => undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText(text('resetPassword.password'), { selector: 'input' }),
      'Sunshine2026',
    );
    await userEvent.type(
      canvas.getByLabelText(text('resetPassword.confirmPassword'), { selector: 'input' }),
      'Sunshine2026',
    );
    await userEvent.click(canvas.getByRole('button', { name: text('resetPassword.submit') }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      text('resetPassword.redirecting'),
    );
  },
};

/** The verification link worked. */
export const VerifyEmailDone: Story = {
  args: {
    path: (fixture) => {
      fixture.mock.fake.signUp({
        name: 'Nurlan Toktosunov',
        email: 'nurlan@example.com',
        password: 'Sunshine2026',
        confirmPassword: 'Sunshine2026',
      });
      return lastMailPath(fixture);
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: text('verifyEmail.doneTitle') }),
    ).toBeVisible();
  },
};

/** The verification link was clicked a second time: the email stays confirmed. */
export const VerifyEmailAlreadyConfirmed: Story = {
  args: {
    path: (fixture) => {
      fixture.mock.fake.signUp({
        name: 'Nurlan Toktosunov',
        email: 'nurlan@example.com',
        password: 'Sunshine2026',
        confirmPassword: 'Sunshine2026',
      });
      const path = lastMailPath(fixture);
      const token = new URL(path, 'http://localhost').searchParams.get('token');
      fixture.mock.fake.verifyEmail({ token });
      return path;
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: text('verifyEmail.alreadyTitle') }),
    ).toBeVisible();
  },
};

/** The verification link is wrong or has expired. */
export const VerifyEmailInvalid: Story = {
  args: { path: '/verify-email?token=used' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: text('verifyEmail.failedTitle') }),
    ).toBeVisible();
  },
};

/** The terms of service. */
export const Terms: Story = {
  args: { path: '/terms' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: text('terms.title'), level: 1 }),
    ).toBeVisible();
  },
};

/** The privacy policy. */
export const Privacy: Story = {
  args: { path: '/privacy' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: text('privacy.title'), level: 1 }),
    ).toBeVisible();
  },
};
