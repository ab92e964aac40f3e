// What a member feels on a phone (issue 35): the largest contentful paint of the demo studio's public
// page, /demo, in Danish, on a throttled phone. Debian's Chromium (as the journeys use) on a phone's
// viewport; through the Chrome DevTools Protocol (Playwright's CDP session) the network is DevTools'
// "Slow 4G" preset (562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up) and the CPU 4× slower. Each
// run is a cold load in a fresh browser context (no cache, no cookies); the figure is the median of
// RUNS runs, with the time to first byte and the document's transfer beside it.
// Against BENCH_APP_URL when it is set (a production server in demo mode); otherwise it starts the
// last build itself (bench/lib/demo-server.ts). Run alone: npm run build && npx tsx
// --conditions=react-server bench/phone-lcp.bench.ts
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "@playwright/test";
import { buildAvailable, startDemoServer, stopDemoServer } from "./lib/demo-server";
import { progress, type BenchResult } from "./lib/measure";
import { QUICK } from "./lib/quick";

const BENCH = "phone-lcp";
const PAGE = "/demo";
const CHROMIUM = "/usr/bin/chromium";
const RUNS = QUICK ? 3 : 7;
/** Issue 35: the largest contentful paint on a throttled phone. */
const AIM_MS = 1200;

/** Chrome DevTools' "Slow 4G" preset, as its network panel sets it (bytes per second, ms). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6e6 * 0.9) / 8, uploadThroughput: (750e3 * 0.9) / 8 };
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

export function phoneLcpBenchAvailable(): { ok: true } | { ok: false; reason: string } {
  if (!fs.existsSync(CHROMIUM)) return { ok: false, reason: `no browser at ${CHROMIUM} (apt-get install chromium)` };
  return process.env.BENCH_APP_URL ? { ok: true } : buildAvailable();
}

type Load = { lcpMs: number; ttfbMs: number; documentMs: number; lcpElement: string };

async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ ...PHONE, locale: "da-DK" });
  await context.addCookies([{ name: "studio_locale", value: "da", url }]);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: "load" });
    // The last LCP entry once the page has settled: a later, larger paint replaces an earlier one.
    await page.waitForTimeout(500);
    return await page.evaluate(
      () =>
        new Promise<Load>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
            const last = entries[entries.length - 1]!;
            const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
            const element = last.element;
            resolve({
              lcpMs: last.startTime,
              ttfbMs: nav.responseStart,
              documentMs: nav.responseEnd,
              lcpElement: element ? `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"` : "?",
            });
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;

export async function benchPhoneLcp(): Promise<BenchResult> {
  const given = process.env.BENCH_APP_URL?.replace(/\/$/, "");
  const server = given ? undefined : await startDemoServer();
  const url = `${given ?? server!.baseUrl}${PAGE}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    await loadOnce(browser, url); // the server's first render of the page is not what a member meets
    const loads: Load[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const load = await loadOnce(browser, url);
      progress(BENCH, `run ${run}/${RUNS}: LCP ${ms(load.lcpMs)} (${load.lcpElement}), first byte ${ms(load.ttfbMs)}`);
      loads.push(load);
    }
    const lcp = median(loads.map((load) => load.lcpMs));
    const conditions = `Slow 4G, CPU ${CPU_SLOWDOWN}× slower, ${PHONE.viewport.width}×${PHONE.viewport.height}, cold`;
    return {
      figures: [
        { bench: BENCH, measure: `${PAGE} (da) largest contentful paint, median of ${RUNS}`, value: `${ms(lcp)} (${conditions})` },
        { bench: BENCH, measure: `${PAGE} (da) first byte / document loaded, median`, value: `${ms(median(loads.map((l) => l.ttfbMs)))} / ${ms(median(loads.map((l) => l.documentMs)))}` },
        { bench: BENCH, measure: `${PAGE} (da) largest contentful element`, value: loads[loads.length - 1]!.lcpElement },
      ],
      aims: [{ aim: `${PAGE} largest contentful paint ≤ ${ms(AIM_MS)} on a phone (${conditions})`, figure: ms(lcp), holds: lcp <= AIM_MS }],
    };
  } finally {
    await browser.close();
    await stopDemoServer(server);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printAims, printFigures } = await import("./lib/measure");
  const available = phoneLcpBenchAvailable();
  if (!available.ok) console.log(`[bench] ${BENCH}: skipped (${available.reason})`);
  else {
    const result = await benchPhoneLcp();
    printFigures(result.figures);
    printAims(result.aims);
  }
}
