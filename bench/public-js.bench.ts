// The JavaScript of the public schedule page (issue 35: its own, beyond React and Next's runtime, at
// most 20 kB gzipped for modern browsers, in both languages). The demo studio's /demo, as a visitor
// who is not signed in gets it from the last production build, once in Danish and once in English
// (the studio_locale cookie):
//   - counted: every script file a modern browser loads for it: each <script src> of the HTML but the
//     `nomodule` ones (Next's polyfills, which only browsers without ES modules load), and any chunk the
//     inline scripts name (the client components React loads while hydrating); each fetched from the
//     server and gzipped with zlib level 6 (what Next's own compression sends), one file at a time;
//   - of those, the bytes of Next's main files (build-manifest.json rootMainFiles: React and Next's
//     runtime, which every App Router page loads whatever its own code);
//   - not counted: the inline scripts of the HTML, Next's RSC payload, which also carries the messages
//     the client components use (app/layout.tsx, CLIENT_NAMESPACES): they are part of the document, and
//     are printed apart;
//   - the 5 largest files by gzipped size, each with what it holds (the page's client reference
//     manifest names the client components' own chunks; Next's shared chunks are told by their content).
// 1 kB = 1000 bytes. The aim holds when both languages' totals are within it.
// Against BENCH_APP_URL when it is set (a running server in demo mode, built from this tree for the
// chunks' descriptions); otherwise it starts the last build itself (bench/lib/demo-server.ts).
// Run alone: npm run build && npm run bench:js
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { buildAvailable, startDemoServer, stopDemoServer } from "./lib/demo-server";
import { progress, type BenchResult, type Figure } from "./lib/measure";
import { describeChunk, kB, pageScripts, totals, type ScriptSize, type ScriptTotals } from "./lib/page-scripts";

const BENCH = "public-js";
const PAGE = "/demo";
const LANGUAGES = ["da", "en"] as const;
/**
 * Issue 35: the page's own JavaScript, gzipped, beyond Next's main files (React and Next's runtime,
 * 132 kB of every App Router page: issue 15's 120 kB for the whole was below that floor).
 */
const AIM_OWN_BYTES = 20_000;

export const publicJsBenchAvailable = buildAvailable;

async function fetchOk(url: string, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = { "accept-encoding": "identity" };
  if (cookie) headers.cookie = cookie;
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response;
}

/** The page's client reference manifest and Next's main files, to say what each chunk holds. */
function readManifests(): { rootMainFiles: string[]; clientModules: Record<string, { chunks: string[] }> } {
  const next = path.join(process.cwd(), ".next");
  try {
    const build = JSON.parse(fs.readFileSync(path.join(next, "build-manifest.json"), "utf8")) as {
      rootMainFiles: string[];
    };
    const source = fs.readFileSync(path.join(next, "server/app/[slug]/page_client-reference-manifest.js"), "utf8");
    const json = source.slice(source.indexOf("= {") + 2).replace(/;\s*$/, "");
    const manifest = JSON.parse(json) as { clientModules: Record<string, { chunks: string[] }> };
    return { rootMainFiles: build.rootMainFiles, clientModules: manifest.clientModules };
  } catch {
    return { rootMainFiles: [], clientModules: {} };
  }
}

type Measured = {
  language: string;
  scripts: ScriptTotals;
  /** Of the counted bytes, those of Next's main files (rootMainFiles), which every App Router page loads. */
  mainGzipBytes: number;
  inlineGzipBytes: number;
  nomodule: number;
};

async function measure(baseUrl: string, language: string): Promise<Measured> {
  const pageUrl = `${baseUrl}${PAGE}`;
  const response = await fetchOk(pageUrl, `studio_locale=${language}`);
  const html = await response.text();
  const lang = /<html[^>]*\blang="([^"]+)"/.exec(html)?.[1];
  if (lang !== language) throw new Error(`${PAGE} with studio_locale=${language} answered <html lang="${lang}">`);
  const scripts = pageScripts(html, pageUrl);
  const manifests = readManifests();
  const sizes: ScriptSize[] = [];
  let mainGzipBytes = 0;
  for (const url of scripts.loaded) {
    const body = Buffer.from(await (await fetchOk(url)).arrayBuffer());
    const file = new URL(url).pathname.split("/").pop()!;
    const gzipBytes = gzipSync(body, { level: 6 }).length;
    sizes.push({
      name: file,
      holds: describeChunk({ file, source: body.toString("utf8"), ...manifests }),
      rawBytes: body.length,
      gzipBytes,
    });
    if (manifests.rootMainFiles.some((main) => main.endsWith(`/${file}`))) mainGzipBytes += gzipBytes;
  }
  return {
    language,
    scripts: totals(sizes),
    mainGzipBytes,
    inlineGzipBytes: gzipSync(scripts.inline.join("\n"), { level: 6 }).length,
    nomodule: scripts.nomodule.length,
  };
}

export async function benchPublicJs(): Promise<BenchResult> {
  const given = process.env.BENCH_APP_URL?.replace(/\/$/, "");
  const server = given ? undefined : await startDemoServer();
  const baseUrl = given ?? server!.baseUrl;
  try {
    const results: Measured[] = [];
    for (const language of LANGUAGES) {
      progress(BENCH, `JavaScript of ${PAGE} in ${language} on ${baseUrl}`);
      results.push(await measure(baseUrl, language));
    }
    const figures: Figure[] = results.flatMap(({ language, scripts, mainGzipBytes, inlineGzipBytes, nomodule }) => [
      {
        bench: BENCH,
        measure: `${PAGE} (${language}): script files, gzip (counted)`,
        value: `${kB(scripts.gzipBytes)} in ${scripts.files} files (${kB(scripts.rawBytes)} raw; ${nomodule} nomodule file(s) not counted)`,
      },
      {
        bench: BENCH,
        measure: `${PAGE} (${language}): of which Next's main files`,
        value: `${kB(mainGzipBytes)} (React and Next's runtime, loaded by every page; the rest: ${kB(scripts.gzipBytes - mainGzipBytes)})`,
      },
      {
        bench: BENCH,
        measure: `${PAGE} (${language}): inline scripts, gzip (not counted)`,
        value: `${kB(inlineGzipBytes)} (RSC payload in the HTML, with the client components' messages)`,
      },
    ]);
    // The largest files of the first language, and of the other only if it loads other files.
    const names = (result: Measured) => result.scripts.largest.map((size) => size.name).join();
    for (const result of results.filter((result, index) => index === 0 || names(result) !== names(results[0]!))) {
      result.scripts.largest.forEach((size, index) =>
        figures.push({
          bench: BENCH,
          measure: `${PAGE}${result === results[0] ? "" : ` (${result.language})`}: largest script ${index + 1}`,
          value: `${size.name} ${kB(size.gzipBytes)} gzip (${kB(size.rawBytes)} raw)${size.holds ? `: ${size.holds}` : ""}`,
        }),
      );
    }
    const own = (result: Measured) => result.scripts.gzipBytes - result.mainGzipBytes;
    return {
      figures,
      aims: [
        {
          aim: `${PAGE} own JavaScript (beyond React and Next's runtime) ≤ ${kB(AIM_OWN_BYTES)} gzip (da and en)`,
          figure: results.map((result) => `${result.language} ${kB(own(result))}`).join(", "),
          holds: Math.max(...results.map(own)) <= AIM_OWN_BYTES,
        },
      ],
    };
  } finally {
    await stopDemoServer(server);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printAims, printFigures } = await import("./lib/measure");
  const available = publicJsBenchAvailable();
  if (!available.ok && !process.env.BENCH_APP_URL) {
    console.log(`[bench] ${BENCH}: skipped (${available.reason})`);
  } else {
    const result = await benchPublicJs();
    printFigures(result.figures);
    printAims(result.aims);
  }
}
