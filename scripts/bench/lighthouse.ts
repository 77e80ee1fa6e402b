/**
 * Lighthouse (docs/benchmarks.md): performance, accessibility, best-practices and SEO scores with
 * the default mobile preset (simulated throttling) for /signin, /solar-calculator and /dashboard
 * signed in, served by the production server from the production build. Chromium is
 * Debian's (/usr/bin/chromium, or CHROME_PATH / CHROMIUM_PATH), driven by the `lighthouse`
 * package through chrome-launcher and puppeteer-core (its own dependencies).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import type { BenchContext } from './context.ts';
import { section, type Section } from './report.ts';
import { root, signedInStorage, startServer } from './server.ts';

/** The pages scored; `signedIn` pages get a session in localStorage first. */
export const pages = [
  { path: '/signin', signedIn: false },
  { path: '/solar-calculator', signedIn: false },
  { path: '/dashboard', signedIn: true },
] as const;

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The small part of the Lighthouse result read here. */
interface LighthouseResult {
  lhr: {
    categories: Record<
      string,
      { score: number | null; auditRefs: { id: string; weight: number }[] }
    >;
    audits: Record<string, { score: number | null; title: string; numericValue?: number }>;
    runtimeError?: { message: string };
    finalDisplayedUrl: string;
  };
}

/** Minimal shapes of the modules loaded from lighthouse's own dependencies. */
interface Launcher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{
    port: number;
    kill(): Promise<void> | void;
  }>;
}
interface Puppeteer {
  connect(options: { browserURL: string; defaultViewport: null }): Promise<{
    newPage(): Promise<{
      goto(url: string, options?: { waitUntil: string }): Promise<unknown>;
      evaluate<A>(fn: (arg: A) => void, arg: A): Promise<void>;
      close(): Promise<void>;
    }>;
    disconnect(): Promise<void>;
  }>;
}
type RunLighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config?: unknown,
  page?: unknown,
) => Promise<LighthouseResult | undefined>;

/** Loads lighthouse, and chrome-launcher and puppeteer-core as lighthouse resolves them. */
async function loadModules() {
  const fromRoot = createRequire(path.join(root, 'package.json'));
  const lighthouseEntry = fromRoot.resolve('lighthouse');
  const fromLighthouse = createRequire(lighthouseEntry);
  const load = async (specifier: string) =>
    (await import(pathToFileURL(fromLighthouse.resolve(specifier)).href)) as Record<
      string,
      unknown
    >;
  const lighthouse = (await import(pathToFileURL(lighthouseEntry).href)) as {
    default: RunLighthouse;
  };
  const launcher = (await load('chrome-launcher')) as unknown as Launcher;
  const puppeteerModule = await load('puppeteer-core');
  const puppeteer = (puppeteerModule.default ?? puppeteerModule) as Puppeteer;
  return { lighthouse: lighthouse.default, launcher, puppeteer };
}

/** Scores each page; needs ctx.webDist (run.ts builds it first). */
export async function lighthousePart(ctx: BenchContext): Promise<Section> {
  if (!ctx.webDist) throw new Error('the web build is missing');
  const { lighthouse, launcher, puppeteer } = await loadModules();
  const server = await startServer({
    dataDir: path.join(ctx.tmp, 'lighthouse-data'),
    webDist: ctx.webDist,
  });
  const chromePath = process.env.CHROME_PATH ?? chromiumPath;
  const chrome = await launcher.launch({
    chromePath,
    chromeFlags: chromiumArgs.map((flag) => (flag === '--headless' ? '--headless=new' : flag)),
  });
  try {
    const storage = await signedInStorage(server.url);
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    const s = section('Lighthouse (mobile preset, simulated throttling)', [
      'page',
      ...categories,
      'LCP',
      'TBT',
      'CLS',
    ]);
    const failing: string[] = [];
    try {
      for (const page of pages) {
        ctx.log(`lighthouse: ${page.path}`);
        const tab = await browser.newPage();
        try {
          // A fresh origin state, then the session for signed-in pages (kept by
          // disableStorageReset, as Lighthouse's authenticated-page recipe does).
          await tab.goto(`${server.url}/signin`, { waitUntil: 'load' });
          await tab.evaluate(
            (entries: [string, string][]) => {
              localStorage.clear();
              for (const [key, value] of entries) localStorage.setItem(key, value);
            },
            page.signedIn ? [...storage.entries()] : [],
          );
          const result = await lighthouse(
            `${server.url}${page.path}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: [...categories],
              disableStorageReset: true,
            },
            undefined,
            tab,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
          if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
          const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
          if (landed !== page.path) {
            throw new Error(`Lighthouse on ${page.path} ended on ${landed} (a redirect)`);
          }
          const scores = categories.map((c) =>
            Math.round((result.lhr.categories[c]?.score ?? 0) * 100),
          );
          scores.forEach((score, i) =>
            ctx.metrics.set(`lighthouse.${categories[i]}:${page.path}`, score),
          );
          const audit = (id: string) => result.lhr.audits[id]?.numericValue ?? Number.NaN;
          s.rows.push([
            page.path + (page.signedIn ? ' (signed in)' : ''),
            ...scores.map(String),
            `${Math.round(audit('largest-contentful-paint'))} ms`,
            `${Math.round(audit('total-blocking-time'))} ms`,
            audit('cumulative-layout-shift').toFixed(3),
          ]);
          for (const category of ['accessibility', 'best-practices', 'seo']) {
            for (const ref of result.lhr.categories[category]?.auditRefs ?? []) {
              const a = result.lhr.audits[ref.id];
              if (ref.weight > 0 && a && a.score !== null && a.score < 1) {
                failing.push(`${page.path} ${category}: ${a.title} (${ref.id})`);
              }
            }
          }
        } finally {
          await tab.close();
        }
      }
    } finally {
      await browser.disconnect();
    }
    s.notes.push(
      `Lighthouse's default mobile configuration (simulated slow 4G and 4x CPU slowdown, so the scores depend less on this machine's load), Chromium at ${chromePath}, headless.`,
    );
    if (failing.length) s.notes.push(`Audits that cost points: ${failing.join('; ')}.`);
    return s;
  } finally {
    await chrome.kill();
    await server.stop();
  }
}
