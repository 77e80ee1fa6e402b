import { quickEstimate } from '@solar/domain/estimate';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { EstimateResults } from './estimate-results.tsx';

/** The app's Russian labels (features/calculator/messages.ru.json), the longest it has. */
const russian = {
  title: 'Ваша оценка',
  systemSize: 'Мощность системы',
  panelCount: 'Панели',
  estimatedCost: 'Примерная стоимость',
  monthlySavings: 'Экономия в месяц',
  yearlyProduction: 'Выработка за год',
  paybackPeriod: 'Срок окупаемости',
  roofCoverage: 'Площадь на крыше',
  units: { kw: 'кВт', kwhPerYear: 'кВт·ч/год', m2: 'м²' },
  paybackYears: (years: number) =>
    `${years.toLocaleString('ru')} ${{ one: 'год', few: 'года', many: 'лет' }[new Intl.PluralRules('ru').select(years) as string] ?? 'года'}`,
  noPayback: 'Не применимо',
  nextStepsTitle: 'Дальнейшие шаги',
};

/** Stats whose text runs past their tile's border. */
function overflowingStats(root: Element): string[] {
  return [...root.querySelectorAll('[data-slot="stat"]')].flatMap((stat) => {
    const box = stat.getBoundingClientRect();
    const spills = [...stat.querySelectorAll('*')].some((part) => {
      const rect = part.getBoundingClientRect();
      return rect.right > box.right + 0.5 || rect.left < box.left - 0.5;
    });
    return spills || stat.scrollWidth > stat.clientWidth ? [stat.textContent ?? ''] : [];
  });
}

describe('EstimateResults at phone and desktop widths', () => {
  // 5000 kWh a month: six-digit som amounts ("412 920 сом") and a five-digit kWh figure.
  const estimate = quickEstimate({ monthlyKwh: 5000 });

  it.each([
    ['a 390 px phone', 390, 358],
    ['a 1280 px screen, a full-width card', 1280, 704],
    ['a 1280 px screen, a half-width panel', 1280, 480],
  ])('keeps every figure inside its tile on %s, in Russian', async (_name, viewport, width) => {
    await page.viewport(viewport, 800);
    const screen = await render(
      <div style={{ width }}>
        <EstimateResults estimate={estimate} labels={russian} nextSteps={[]} locale="ru" />
      </div>,
    );
    await expect.element(screen.getByText('Примерная стоимость')).toBeVisible();
    expect(overflowingStats(screen.container)).toEqual([]);
  });
});
