/**
 * The proposal as a PDF, drawn with pdfkit on A4 in the customer's
 * language: title, customer, issued on / valid until, location (address, latitude and
 * longitude), the system (kW DC, panels, tilt, azimuth, roof type, losses, tariff), the
 * first year's monthly production as a bar chart (pdfkit vector graphics) with the twelve
 * kWh values over the bars, the money and climate figures (cost, yearly and monthly savings,
 * simple payback, lifetime savings, cash-flow payback year, CO2 avoided and its
 * equivalents), the assumptions with their sources, and the footer. Every figure is the
 * domain's `proposalFigures()` (the proposal page shows the same); only the display
 * rounding happens here (format.ts). Long content flows onto a second page.
 */
import {
  CAR_KG_CO2_PER_KM,
  ESTIMATE_CONSTANTS,
  TREE_SEEDLING_10_YEARS_KG_CO2,
  type Locale,
  type ProposalFigures,
} from '@solar/domain';
import PDFDocument from 'pdfkit';
import { registerFonts, widthOf, write, type FontWeight } from './fonts.ts';
import { compassPoint, proposalFormat, type ProposalFormat } from './format.ts';

/** What the PDF shows. */
export interface ProposalDocumentInput {
  locale: Locale;
  /** The project owner's name. */
  customerName: string;
  /** The project's location; degrees, null for an unverified address (`addressVerified: false`). */
  location: {
    address: string;
    latitude: number | null;
    longitude: number | null;
    addressVerified?: false;
  };
  figures: ProposalFigures;
}

const MARGIN = 48;
const INK = '#1f2937';
const MUTED = '#4b5563';
const ACCENT = '#b45309';
const BAR = '#f59e0b';
const RULE = '#d1d5db';

/** A cursor over pages: where the next block goes, and the blocks themselves. */
class Layout {
  y = MARGIN;
  readonly left = MARGIN;
  readonly width: number;
  readonly doc: PDFKit.PDFDocument;

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
    this.width = doc.page.width - 2 * MARGIN;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensure(height: number): void {
    if (this.y + height > this.doc.page.height - MARGIN) {
      this.doc.addPage();
      this.y = MARGIN;
    }
  }

  /** A paragraph over the full width (wraps); moves the cursor below it. */
  paragraph(text: string, size = 9, color = MUTED, weight: FontWeight = 400): void {
    this.ensure(size * 2.5);
    this.doc.fillColor(color);
    write(this.doc, text, this.left, this.y, { size, weight, width: this.width, lineGap: 1.5 });
    this.y = this.doc.y + 3;
  }

  /** A section heading with a rule under it. */
  heading(text: string): void {
    this.ensure(60);
    this.y += 10;
    this.doc.fillColor(ACCENT);
    write(this.doc, text, this.left, this.y, { size: 13, weight: 700, lineBreak: false });
    this.y += 19;
    this.doc
      .moveTo(this.left, this.y)
      .lineTo(this.left + this.width, this.y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    this.y += 6;
  }

  /** Label / value rows: labels in the left column, values (bold) in the right one. */
  rows(pairs: readonly (readonly [string, string])[]): void {
    const labelWidth = this.width * 0.48;
    const valueX = this.left + labelWidth + 12;
    const valueWidth = this.width - labelWidth - 12;
    for (const [label, value] of pairs) {
      this.ensure(28);
      const top = this.y;
      this.doc.fillColor(MUTED);
      write(this.doc, label, this.left, top, { size: 10, width: labelWidth, lineGap: 1 });
      const labelBottom = this.doc.y;
      this.doc.fillColor(INK);
      write(this.doc, value, valueX, top, { size: 10, weight: 700, width: valueWidth });
      this.y = Math.max(labelBottom, this.doc.y) + 4;
    }
  }

  /** One line of text centred on `centerX` at `y` (no wrapping). */
  centred(text: string, centerX: number, y: number, size: number, weight: FontWeight = 400) {
    this.doc.fontSize(size);
    const x = centerX - widthOf(this.doc, text, weight) / 2;
    write(this.doc, text, x, y, { weight, lineBreak: false });
  }
}

/** The monthly bar chart: bars scaled to the best month, values above, months below. */
function monthlyChart(layout: Layout, format: ProposalFormat, monthlyKwh: readonly number[]) {
  const { doc, left, width } = layout;
  const chartHeight = 120;
  layout.ensure(chartHeight + 40);
  const top = layout.y + 14;
  const baseline = top + chartHeight;
  const slot = width / 12;
  const barWidth = slot * 0.62;
  const max = Math.max(...monthlyKwh, 1);
  monthlyKwh.forEach((kwh, month) => {
    const height = (Math.max(0, kwh) / max) * chartHeight;
    const centerX = left + slot * month + slot / 2;
    doc.rect(centerX - barWidth / 2, baseline - height, barWidth, height).fill(BAR);
    doc.fillColor(INK);
    layout.centred(format.number(kwh, 1), centerX, baseline - height - 11, 7);
    doc.fillColor(MUTED);
    layout.centred(format.months[month]!, centerX, baseline + 4, 8);
  });
  doc
    .moveTo(left, baseline)
    .lineTo(left + width, baseline)
    .lineWidth(0.8)
    .strokeColor(MUTED);
  doc.stroke();
  layout.y = baseline + 20;
}

/** The title block: title, customer, issue and validity dates. */
function header(layout: Layout, format: ProposalFormat, input: ProposalDocumentInput) {
  const { doc } = layout;
  const t = format.texts;
  doc.fillColor(ACCENT);
  write(doc, t.title, layout.left, layout.y, { size: 22, weight: 700, width: layout.width });
  layout.y = doc.y + 6;
  layout.paragraph(`${t.preparedFor}: ${input.customerName}`, 12, INK, 700);
  const { issuedOn, validUntil } = input.figures;
  layout.paragraph(
    `${t.issuedOn}: ${format.date(issuedOn)}  ·  ${t.validUntil}: ${format.date(validUntil)}`,
    10,
  );
}

/**
 * Draws the proposal (see the file comment) and resolves with the PDF's bytes. Throws only
 * for a broken font file or pdfkit fault (a 500: nothing here depends on the request).
 */
export async function proposalPdf(input: ProposalDocumentInput): Promise<Buffer> {
  const format = proposalFormat(input.locale);
  const t = format.texts;
  const { configuration: c, economics: money, lifetime } = input.figures;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: input.locale,
    displayTitle: true,
    info: { Title: t.title, Author: 'Solar', Subject: input.customerName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);
  const layout = new Layout(doc);
  const u = t.units;

  header(layout, format, input);

  const { latitude, longitude } = input.location;
  const separator = format.number(1.5, 1).includes(',') ? '; ' : ', ';
  layout.heading(t.location);
  layout.rows([
    [t.address, input.location.address],
    [
      t.coordinates,
      latitude === null || longitude === null
        ? t.addressUnverified
        : `${format.number(latitude, 5)}°${separator}${format.number(longitude, 5)}°`,
    ],
  ]);

  layout.heading(t.system);
  layout.rows([
    [t.systemSize, `${format.kw(c.systemSizeKw)} DC`],
    [t.panels, `${format.number(c.panelCount)} × ${format.kw(ESTIMATE_CONSTANTS.panelKw)}`],
    [t.tilt, format.degrees(c.tiltDeg)],
    [t.azimuth, `${format.degrees(c.azimuthDeg)} (${compassPoint(t, c.azimuthDeg)})`],
    [t.roofType, t.roofTypes[c.roofType]],
    [t.losses, format.percent(c.lossPercent / 100)],
    [t.tariff, `${format.number(c.pricePerKwhSom, 2)} ${u.som}/${u.kwh}`],
  ]);

  layout.heading(t.monthlyProduction);
  monthlyChart(layout, format, input.figures.monthlyKwh);
  layout.rows([[t.yearlyProduction, format.kwh(input.figures.yearlyKwh, 0)]]);

  const period = format.years(lifetime.years, 0);
  layout.heading(t.figures);
  layout.rows([
    [t.cost, format.som(money.costSom)],
    [t.yearlySavings, format.som(money.yearlySavingsSom)],
    [t.monthlySavings, format.som(money.monthlySavingsSom)],
    [t.simplePayback, money.paybackYears === null ? t.noPayback : format.years(money.paybackYears)],
    [t.lifetimeSavings(period), format.som(lifetime.lifetimeSavingsSom)],
    [t.netSavings, format.som(lifetime.netSavingsSom)],
    [
      t.cashFlowPayback,
      lifetime.paybackYear === null
        ? t.noPayback
        : t.paybackYear(format.number(lifetime.paybackYear)),
    ],
    [t.co2Avoided(period), `${format.number(lifetime.co2AvoidedTonnes, 1)} ${u.t}`],
    [t.treeSeedlings, format.number(lifetime.equivalents.treeSeedlings10Years)],
    [t.carKm, `${format.number(lifetime.equivalents.carKm)} ${u.km}`],
  ]);

  const a = lifetime.assumptions;
  layout.heading(t.assumptions);
  for (const line of [
    input.figures.productionSource === 'pvgis'
      ? t.productionPvgis
      : input.figures.productionSource === 'sun-hours'
        ? t.productionSunHours
        : t.productionEstimate,
    t.costAssumption(format.som(ESTIMATE_CONSTANTS.costSomPerKw)),
    t.degradation(format.percent(a.degradationPerYear)),
    t.tariffAssumption(
      `${format.number(c.pricePerKwhSom, 2)} ${u.som}`,
      format.percent(a.tariffEscalationPerYear),
    ),
    t.gridFactor(`${format.number(a.gridEmissionFactorKgPerKwh, 3)} ${u.kg}`),
    t.equivalentsSource(
      `${format.number(TREE_SEEDLING_10_YEARS_KG_CO2)} ${u.kg}`,
      `${format.number(CAR_KG_CO2_PER_KM, 3)} ${u.kg}`,
    ),
    t.paybackNote,
  ]) {
    layout.paragraph(`•  ${line}`);
  }

  layout.y += 8;
  layout.paragraph(`${t.validUntil}: ${format.date(input.figures.validUntil)}`, 10, INK, 700);
  layout.paragraph(t.footer, 9, INK);

  doc.end();
  return finished;
}
