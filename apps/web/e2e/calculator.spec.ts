import { expect, test } from '@playwright/test';

/** Quick calculator against the real server: from 0 kWh to a result, restored, reset. */
test('the quick calculator goes from 0 kWh to a result, keeps it, and resets', async ({ page }) => {
  await page.goto('/solar-calculator');
  await expect(page.getByRole('heading', { name: 'Quick solar calculator' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  const kwh = page.getByRole('textbox', { name: 'Monthly electricity use, kWh', exact: true });
  await kwh.fill('0');
  await kwh.press('Tab');
  await expect(page.getByRole('button', { name: 'Calculate' })).toBeDisabled();

  await kwh.fill('1000');
  await kwh.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Monthly bill, som', exact: true })).toHaveValue(
    '1,490',
  );
  await page.getByRole('button', { name: 'Calculate' }).click();
  const results = page.getByRole('region', { name: 'Estimate' });
  // 1000 kWh: 33.3 kWh a day / 4.5 h / 0.4 kW -> 19 panels, 7.6 kW, 84 360 som.
  await expect(results).toContainText('7.6');
  await expect(results).toContainText('84,360');

  await page.reload();
  await expect(page.getByRole('region', { name: 'Estimate' })).toContainText('84,360');

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('No estimate yet')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No estimate yet')).toBeVisible();
  await expect(kwh).toHaveValue('300');
});

test('asking for a quote signed out goes to sign in, then the full calculator', async ({
  page,
}) => {
  await page.goto('/solar-calculator');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await page.getByRole('button', { name: 'Get professional quote' }).click();
  await expect(page).toHaveURL(/\/signin\?from=%2Fsolar-calculator-full$/);
});
