// What JavaScript a page makes a modern browser load, read from its HTML (bench/public-js.bench.ts,
// bench/public-page.bench.ts), and how its chunks are named in the report. Pure: no I/O.

/** The scripts of a page: those a modern browser loads, those it skips (`nomodule`), the inline ones. */
export type PageScripts = {
  /** Distinct absolute URLs of the script files a modern browser loads, in order of appearance. */
  loaded: string[];
  /** Script files marked `nomodule`: only browsers without ES modules load them (Next's polyfills). */
  nomodule: string[];
  /** The text of the inline scripts (Next's RSC payload, which holds the messages client components use). */
  inline: string[];
};

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const NOMODULE = /(?:^|\s)nomodule(?:\s*=|\s|$)/i;
/** A chunk named inside an inline script (the RSC payload's client references, Turbopack's bootstrap). */
const CHUNK_PATH = /(?:\/_next\/)?static\/chunks\/[\w.~-]+\.js/g;

const unescapeAttribute = (value: string) => value.replace(/&amp;/g, "&");

/**
 * The scripts of `html`, resolved against `pageUrl`. A chunk that only an inline script names (a
 * client component's chunk that React loads while hydrating) counts as loaded too.
 */
export function pageScripts(html: string, pageUrl: string): PageScripts {
  const loaded = new Set<string>();
  const nomodule = new Set<string>();
  const inline: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    const src = SRC.exec(attributes);
    if (!src) {
      inline.push(body);
      continue;
    }
    const url = new URL(unescapeAttribute((src[1] ?? src[2] ?? src[3])!), pageUrl).href;
    (NOMODULE.test(attributes.replace(SRC, "")) ? nomodule : loaded).add(url);
  }
  for (const body of inline) {
    for (const [path] of body.replace(/\\\//g, "/").matchAll(CHUNK_PATH)) {
      const url = new URL(path.startsWith("/") ? path : `/_next/${path}`, pageUrl).href;
      if (!nomodule.has(url)) loaded.add(url);
    }
  }
  return { loaded: [...loaded], nomodule: [...nomodule], inline };
}

/** One script file as measured: its name, what it holds, raw and gzipped bytes. */
export type ScriptSize = { name: string; holds: string; rawBytes: number; gzipBytes: number };

export type ScriptTotals = { files: number; rawBytes: number; gzipBytes: number; largest: ScriptSize[] };

/** The sum of `sizes`, and the `top` largest by gzipped size (largest first). */
export function totals(sizes: ScriptSize[], top = 5): ScriptTotals {
  return {
    files: sizes.length,
    rawBytes: sizes.reduce((sum, size) => sum + size.rawBytes, 0),
    gzipBytes: sizes.reduce((sum, size) => sum + size.gzipBytes, 0),
    largest: [...sizes].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, top),
  };
}

/** Kilobytes as the aim counts them (1 kB = 1000 bytes, as browsers' network panels show them). */
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * What a chunk holds, for the report: the client components (and packages) of the page whose own
 * chunk it is, from the page's client reference manifest (a module's chunk list ends with its own
 * chunk), else a guess from its content for Next's shared chunks (rootMainFiles), else "".
 */
export function describeChunk(options: {
  file: string;
  source: string;
  rootMainFiles: string[];
  clientModules: Record<string, { chunks: string[] }>;
}): string {
  const { file, source } = options;
  const own = Object.entries(options.clientModules)
    .filter(([, module]) => module.chunks.at(-1)?.endsWith(`/${file}`))
    .map(([path]) => path);
  if (own.length > 0) return summarizeModules(own);
  const guess = CONTENT.find(([pattern]) => pattern.test(file) || pattern.test(source));
  const shared = options.rootMainFiles.some((main) => main.endsWith(`/${file}`));
  if (guess) return shared ? `${guess[1]} (Next's main files)` : guess[1];
  return shared ? "Next's main files" : "";
}

/** Tell-tale strings of the framework's chunks, tried in order. */
const CONTENT: [RegExp, string][] = [
  [/^turbopack-/, "Turbopack runtime"],
  [/__reactContainer\$/, "react-dom client"],
  [/next-router-state-tree/, "Next.js app router"],
  [/createFromReadableStream/, "React Server Components client"],
  [/react\.transitional\.element/, "react, Next.js navigation"],
  [/errorThemeCss/, "Next.js built-in error page"],
];

/**
 * "components/schedule/booking-controls.tsx, next (link, layout-router, +2 more), next-intl": the
 * project's files by path, packages by name, Next's own modules by file name (at most three).
 */
export function summarizeModules(paths: string[]): string {
  const groups = new Map<string, string[]>();
  for (const path of paths) {
    const plain = path.replace(/^\[project\]\//, "").replace(/ <module evaluation>$/, "");
    const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(plain);
    const [group, member] = pkg
      ? [pkg[1]!, pkg[1] === "next" ? pkg[2]!.split("/").pop()!.replace(/\.js$/, "") : ""]
      : [plain, ""];
    const members = groups.get(group) ?? [];
    if (member && !members.includes(member)) members.push(member);
    groups.set(group, members);
  }
  return [...groups]
    .map(([group, members]) => {
      if (members.length === 0) return group;
      const shown = members.slice(0, 3).join(", ");
      return `${group} (${members.length > 3 ? `${shown}, +${members.length - 3} more` : shown})`;
    })
    .join(", ");
}
