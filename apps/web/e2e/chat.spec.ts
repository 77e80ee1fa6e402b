/**
 * The chat against the real server (offline assistant, SSE): sign in, a reply streams and
 * the URL becomes /chat/{id}, stop on a second message, the title edit survives a reload,
 * end conversation (asked first), and a refused (429) message kept in the composer
 * (docs/product.md#ai-chat and #errors-and-messages).
 */
import { expect, test } from '@playwright/test';

const password = 'Sunshine2026';

test('a new user chats: streaming, stop, title, end', async ({ page, request }) => {
  const email = `chat-${Date.now()}@example.com`;
  const signup = await request.post('/api/v1/auth/email/signup', {
    data: { name: 'Chat Tester', email, password, confirmPassword: password },
  });
  expect(signup.status()).toBe(201);

  await page.goto('/chat');
  await expect(page).toHaveURL(/\/signin\?from=%2Fchat$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New chat' })).toBeVisible();

  // First message: the reply streams in and the URL takes the new conversation's id.
  const input = page.getByRole('textbox', { name: 'Message' });
  await expect(input).toBeFocused();
  await input.fill('Hello! I am thinking about solar panels for my house.');
  await input.press('Enter');
  const log = page.getByRole('log');
  await expect(log.getByRole('article').first()).toContainText('thinking about solar panels');
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const conversationUrl = page.url();
  const reply = log.getByRole('article').nth(1);
  await expect(reply).toContainText(/\w+/);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(reply).not.toHaveAttribute('aria-busy', 'true');
  await expect(reply).not.toContainText('Response interrupted');

  // Second message: stop while the (long, estimate-bearing) reply is arriving.
  await input.fill('We use 450 kWh per month and pay 670 som. I live in Bishkek.');
  await input.press('Enter');
  const stop = page.getByRole('button', { name: 'Stop generating' });
  await expect(stop).toBeVisible();
  const second = log.getByRole('article').nth(3);
  await expect(second).toContainText(/\w+/);
  await stop.click();
  await expect(second).toContainText('Response interrupted');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
  await expect(input).toBeFocused();
  expect(page.url()).toBe(conversationUrl);

  // Title: edit, save with Enter, still there after a reload.
  await page.getByRole('button', { name: 'Edit title' }).click();
  const title = page.getByRole('textbox', { name: 'Conversation title' });
  await title.fill('  My rooftop plan  ');
  await title.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My rooftop plan');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My rooftop plan');
  await expect(
    page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /My rooftop plan/ }),
  ).toHaveAttribute('aria-current', 'true');
  // The history kept both exchanges, the stopped reply marked interrupted.
  const messages = page.getByRole('region', { name: 'Messages' }).getByRole('article');
  await expect(messages).toHaveCount(4);
  await expect(messages.nth(3)).toContainText('Response interrupted');

  // End conversation: back to a new chat; the ended one reads as ended.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'End conversation' }).click();
  await page
    .getByRole('alertdialog', { name: 'End this conversation?' })
    .getByRole('button', { name: 'End conversation' })
    .click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New chat' })).toBeVisible();
  await page.goto(conversationUrl);
  await expect(page.getByText('Status: Ended')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
});

test('a refused (429) message stays in the composer with when to retry', async ({
  page,
  request,
}) => {
  const email = `chat-429-${Date.now()}@example.com`;
  const signup = await request.post('/api/v1/auth/email/signup', {
    data: { name: 'Busy Tester', email, password, confirmPassword: password },
  });
  expect(signup.status()).toBe(201);
  await page.goto('/signin?from=/chat');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/chat$/);

  // The server's answer to one user over the message limit (the OpenAPI document, 429).
  await page.route('**/api/v1/chat/stream', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '90' },
      json: { code: 'rate_limited', message: 'Rate limit exceeded' },
    }),
  );
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('What size system for a 2500 som bill?');
  await input.press('Enter');
  await expect(page.getByRole('alert')).toContainText('you can send it again in 2 minutes');
  await expect(input).toHaveValue('What size system for a 2500 som bill?');
  await expect(page.getByRole('log').getByRole('article')).toHaveCount(0);

  // Once the limit has passed, the same words go out.
  await page.unroute('**/api/v1/chat/stream');
  await input.press('Enter');
  await expect(page.getByRole('log').getByRole('article').first()).toContainText(
    'What size system for a 2500 som bill?',
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
});
