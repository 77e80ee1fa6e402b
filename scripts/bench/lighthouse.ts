/**
 * Lighthouse (docs/benchmarks.md): performance, accessibility, best-practices and SEO scores with
 * the default mobile preset (simulated throttling), as a first visit pays them: each run
 * launches a fresh Chromium with a new profile (empty HTTP and code caches), and each page is
 * scored three times (the median run by performance is reported). Pages: every public route
 * that opens without a mailed link, /dashboard signed in, and a bare React 19 page built by
 * Vite and served by the same production server (scripts/bench/bare-react/), the reference for
 * the LCP ratio. Chromium is Debian's (/usr/bin/chromium, or CHROME_PATH / CHROMIUM_PATH),
 * driven by the `lighthouse` package through chrome-launcher and puppeteer-core (its own
 * dependencies).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import type { BenchContext } from './context.ts';
import { section, type Section } from './report.ts';
import { root, signedInStorage, startServer, type RunningProcess } from './server.ts';
import { percentile } from './stats.ts';

/** The pages scored; `signedIn` pages get a session in localStorage first. */
export const pages = [
  { path: '/signin', signedIn: false },
  { path: '/signup', signedIn: false },
  { path: '/forgot-password', signedIn: false },
  { path: '/solar-calculator', signedIn: false },
  { path: '/terms', signedIn: false },
  { path: '/privacy', signedIn: false },
  { path: '/dashboard', signedIn: true },
] as const;

/** Runs per page; the median run (by performance score, then LCP) is reported. */
export const RUNS_PER_PAGE = 3;

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

/** One Lighthouse run's figures. */
interface RunFigures {
  scores: number[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failing: string[];
}

/** The run of `runs` with the median performance score (ties: the median LCP). */
export function medianRun<T extends { scores: number[]; lcpMs: number }>(runs: readonly T[]): T {
  const sorted = [...runs].sort((a, b) => a.scores[0]! - b.scores[0]! || b.lcpMs - a.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Builds the bare React page (scripts/bench/bare-react) into `outDir` with Vite. */
function buildBarePage(outDir: string): void {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      path.join(root, 'scripts/bench/bare-react'),
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, encoding: 'utf8', timeout: 120_000 },
  );
  if (result.status !== 0) throw new Error(`the bare page did not build:\n${result.stderr}`);
}

/**
 * One cold Lighthouse run of `url`: a new Chromium (chrome-launcher gives each launch a fresh
 * profile). A signed-in page gets its session in localStorage from a same-origin JSON answer
 * (`/api/v1/health`), so no app file is cached before the run, and Lighthouse keeps storage
 * (its authenticated-page recipe); other pages let Lighthouse clear storage itself.
 */
async function coldRun(
  modules: Awaited<ReturnType<typeof loadModules>>,
  server: RunningProcess,
  pagePath: string,
  storage: ReadonlyMap<string, string> | null,
): Promise<RunFigures> {
  const { lighthouse, launcher, puppeteer } = modules;
  const chrome = await launcher.launch({
    chromePath: process.env.CHROME_PATH ?? chromiumPath,
    chromeFlags: chromiumArgs.map((flag) => (flag === '--headless' ? '--headless=new' : flag)),
  });
  try {
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    try {
      const tab = await browser.newPage();
      if (storage) {
        await tab.goto(`${server.url}/api/v1/health`, { waitUntil: 'load' });
        await tab.evaluate(
          (entries: [string, string][]) => {
            for (const [key, value] of entries) localStorage.setItem(key, value);
          },
          [...storage.entries()],
        );
      }
      const result = await lighthouse(
        `${server.url}${pagePath}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...categories],
          disableStorageReset: storage !== null,
        },
        undefined,
        tab,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
      if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
      const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
      if (landed !== pagePath) {
        throw new Error(`Lighthouse on ${pagePath} ended on ${landed} (a redirect)`);
      }
      const audit = (id: string) => result.lhr.audits[id]?.numericValue ?? Number.NaN;
      const failing: string[] = [];
      for (const category of ['accessibility', 'best-practices', 'seo']) {
        for (const ref of result.lhr.categories[category]?.auditRefs ?? []) {
          const a = result.lhr.audits[ref.id];
          if (ref.weight > 0 && a && a.score !== null && a.score < 1) {
            failing.push(`${pagePath} ${category}: ${a.title} (${ref.id})`);
          }
        }
      }
      return {
        scores: categories.map((c) => Math.round((result.lhr.categories[c]?.score ?? 0) * 100)),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        failing,
      };
    } finally {
      await browser.disconnect();
    }
  } finally {
    await chrome.kill();
  }
}

/**
 * `run`, tried up to three times: on a loaded machine Lighthouse now and then fails to
 * record a trace (NO_NAVSTART, "Please run Lighthouse again"); a fresh browser then works.
 */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/** Scores each page cold, three times; needs ctx.webDist (run.ts builds it first). */
export async function lighthousePart(ctx: BenchContext): Promise<Section> {
  if (!ctx.webDist) throw new Error('the web build is missing');
  const modules = await loadModules();
  const bareDist = path.join(ctx.tmp, 'bare-react-dist');
  buildBarePage(bareDist);
  const server = await startServer({
    dataDir: path.join(ctx.tmp, 'lighthouse-data'),
    webDist: ctx.webDist,
  });
  const bareServer = await startServer({
    dataDir: path.join(ctx.tmp, 'lighthouse-bare-data'),
    webDist: bareDist,
  });
  try {
    const storage = await signedInStorage(server.url);
    const s = section('Lighthouse (mobile preset, simulated throttling, cold cache)', [
      'page',
      ...categories,
      'LCP',
      'LCP / bare page',
      'TBT',
      'CLS',
    ]);
    const failing = new Set<string>();
    const measure = async (target: RunningProcess, pagePath: string, signedIn: boolean) => {
      const runs: RunFigures[] = [];
      for (let run = 1; run <= RUNS_PER_PAGE; run++) {
        ctx.log(`lighthouse: ${pagePath} (run ${run} of ${RUNS_PER_PAGE})`);
        runs.push(
          await withRetries(() => coldRun(modules, target, pagePath, signedIn ? storage : null)),
        );
      }
      return { chosen: medianRun(runs), lcps: runs.map((r) => r.lcpMs) };
    };
    const bare = await measure(bareServer, '/', false);
    const bareLcp = percentile(bare.lcps, 50);
    const row = (label: string, figures: RunFigures, lcpMs: number, ratio: string): string[] => [
      label,
      ...figures.scores.map(String),
      `${Math.round(lcpMs)} ms`,
      ratio,
      `${Math.round(figures.tbtMs)} ms`,
      figures.cls.toFixed(3),
    ];
    s.rows.push(row('bare React page (reference)', bare.chosen, bareLcp, '1.00'));
    for (const page of pages) {
      const { chosen, lcps } = await measure(server, page.path, page.signedIn);
      const lcpMs = percentile(lcps, 50);
      const ratio = lcpMs / bareLcp;
      chosen.scores.forEach((score, i) =>
        ctx.metrics.set(`lighthouse.${categories[i]}:${page.path}`, score),
      );
      ctx.metrics.set(`lighthouse.lcpRatio:${page.path}`, ratio);
      s.rows.push(
        row(page.path + (page.signedIn ? ' (signed in)' : ''), chosen, lcpMs, ratio.toFixed(2)),
      );
      for (const audit of chosen.failing) failing.add(audit);
    }
    s.notes.push(
      `Lighthouse's default mobile configuration (simulated slow 4G and 4x CPU slowdown, so the scores depend less on this machine's load), Chromium at ${process.env.CHROME_PATH ?? chromiumPath}, headless.`,
      `Cold cache: every run launches a new Chromium with a fresh profile; ${RUNS_PER_PAGE} runs per page, the scores of the median run by performance and the median LCP. Signed-in pages get their session in localStorage from a JSON answer of the same origin, so no app file is cached before the run.`,
      'LCP / bare page: the median LCP divided by that of a bare React 19 page (a heading and a paragraph) built by Vite and served by the same production server.',
    );
    if (failing.size) s.notes.push(`Audits that cost points: ${[...failing].join('; ')}.`);
    return s;
  } finally {
    await server.stop();
    await bareServer.stop();
  }
}
