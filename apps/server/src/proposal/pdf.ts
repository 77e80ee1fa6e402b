/**
 * The proposal as a PDF, drawn with pdfkit on A4 in the customer's
 * language: title, customer, issued on / valid until, location (address, latitude and
 * longitude), the system (kW DC, panels, tilt, azimuth, roof type, losses, tariff), the
 * first year's monthly production as a bar chart (pdfkit vector graphics) with the twelve
 * kWh values over the bars, the money and climate figures (cost, yearly and monthly savings,
 * simple payback, lifetime savings, cash-flow payback year, CO2 avoided and its
 * equivalents), the assumptions with their sources, and the closing note. Every page carries
 * the business issuing the quote (docs/product.md#business-identity): a header with its logo
 * (when configured), name and contact lines, and a footer with its legal line and the page
 * number. Every figure is the domain's `proposalFigures()` (the proposal page shows the
 * same); only the display rounding happens here (format.ts). Long content flows onto a
 * second page.
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

/**
 * The business issuing the proposal (config.ts `BusinessIdentity`): the name always, each
 * other line only when configured; `logo` a PNG or JPEG already read from disk.
 */
export interface ProposalIssuer {
  name: string;
  address?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  website?: string | undefined;
  legal?: string | undefined;
  logo?: { bytes: Buffer } | undefined;
}

/** What the PDF shows. */
export interface ProposalDocumentInput {
  locale: Locale;
  /** Who issues it: every page's header and footer. */
  issuer: ProposalIssuer;
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
/** Where each page's content starts, below the issuer's header band (points). */
const TOP = 84;
/** Where each page's content ends, above the footer band (points from the bottom). */
const BOTTOM = 64;
const INK = '#1f2937';
const MUTED = '#4b5563';
const ACCENT = '#b45309';
const BAR = '#f59e0b';
const RULE = '#d1d5db';

/** A cursor over pages: where the next block goes, and the blocks themselves. */
class Layout {
  y = TOP;
  readonly left = MARGIN;
  readonly width: number;
  readonly doc: PDFKit.PDFDocument;

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
    this.width = doc.page.width - 2 * MARGIN;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensure(height: number): void {
    if (this.y + height > this.doc.page.height - BOTTOM) {
      this.doc.addPage();
      this.y = TOP;
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
 * An image pdfkit has opened (its `openImage`, which @types/pdfkit does not declare): its
 * size in pixels; `doc.image` takes it back, and embeds it once however many pages show it.
 */
interface OpenedImage {
  width: number;
  height: number;
}

/** The logo as pdfkit opened it, or undefined when there is none or pdfkit cannot read it. */
function openLogo(doc: PDFKit.PDFDocument, issuer: ProposalIssuer): OpenedImage | undefined {
  if (!issuer.logo) return undefined;
  try {
    const opener = doc as unknown as { openImage(src: Buffer): OpenedImage };
    return opener.openImage(issuer.logo.bytes);
  } catch {
    return undefined; // A file that starts like a PNG or JPEG but is not one: the name alone.
  }
}

/**
 * The issuer's bands on every page: at the top its logo (at most 96 x 32 pt), name and one
 * or two lines of contacts (address · phone · email · website), ruled off; at the bottom
 * the legal line (or the name) and "Page n of m". Drawn once all pages exist (buffered).
 */
function issuerBands(doc: PDFKit.PDFDocument, format: ProposalFormat, issuer: ProposalIssuer) {
  const t = format.texts;
  const logo = openLogo(doc, issuer);
  const contacts = [
    issuer.address,
    issuer.phone && `${t.contact.phone} ${issuer.phone}`,
    issuer.email && `${t.contact.email} ${issuer.email}`,
    issuer.website &&
      `${t.contact.website} ${issuer.website.replace(/^https:\/\//, '').replace(/\/$/, '')}`,
  ].filter(Boolean);
  const width = doc.page.width - 2 * MARGIN;
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Writing in the margins must not start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    let textX = MARGIN;
    const top = 26;
    if (logo) {
      const scale = Math.min(96 / logo.width, 32 / logo.height);
      doc.image(logo as unknown as Buffer, MARGIN, top, {
        width: logo.width * scale,
        height: logo.height * scale,
      });
      textX += logo.width * scale + 10;
    }
    const textWidth = MARGIN + width - textX;
    doc.fillColor(INK);
    write(doc, issuer.name, textX, top, {
      size: 11,
      weight: 700,
      width: textWidth,
      height: 14,
      ellipsis: true,
      lineBreak: false,
    });
    if (contacts.length > 0) {
      doc.fillColor(MUTED);
      write(doc, contacts.join('  ·  '), textX, top + 15, {
        size: 8,
        width: textWidth,
        height: 22,
        ellipsis: true,
        lineGap: 1,
      });
    }
    doc
      .moveTo(MARGIN, TOP - 12)
      .lineTo(MARGIN + width, TOP - 12)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    const footerY = doc.page.height - BOTTOM + 22;
    doc
      .moveTo(MARGIN, footerY - 6)
      .lineTo(MARGIN + width, footerY - 6)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    const page = t.pageOf(index - start + 1, count);
    doc.fontSize(7.5);
    const pageWidth = widthOf(doc, page);
    doc.fillColor(MUTED);
    write(doc, issuer.legal ?? issuer.name, MARGIN, footerY, {
      size: 7.5,
      width: width - pageWidth - 16,
      height: 20,
      ellipsis: true,
      lineGap: 1,
    });
    write(doc, page, MARGIN + width - pageWidth, footerY, { size: 7.5, lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
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
    bufferPages: true,
    info: { Title: t.title, Author: input.issuer.name, Subject: input.customerName },
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

  issuerBands(doc, format, input.issuer);
  doc.end();
  return finished;
}
