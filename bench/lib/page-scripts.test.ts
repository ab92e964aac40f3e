import { describe, expect, it } from "vitest";
import { describeChunk, kB, pageScripts, summarizeModules, totals } from "./page-scripts";

const PAGE = "http://localhost:3210/demo";

describe("pageScripts", () => {
  const html = [
    '<html><head><script src="/_next/static/chunks/main.js" async="" nonce="n"></script>',
    "<script src='/_next/static/chunks/app.js?v=1&amp;x=2' async></script>",
    '<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="n"></script>',
    '<script src="/_next/static/chunks/main.js" async></script></head><body>',
    '<script nonce="n">self.__next_f.push([1,"5:I[22296,[\\"/_next/static/chunks/booking.js\\"],\\"BookingControls\\"]"])</script>',
    '<script>(self.TURBOPACK=[]).push({"otherChunks":["static/chunks/main.js","static/chunks/polyfills.js"]})</script>',
    "</body></html>",
  ].join("\n");

  it("counts each file a modern browser loads once, the nomodule ones apart, and the chunks the payload names", () => {
    const scripts = pageScripts(html, PAGE);
    expect(scripts.loaded).toEqual([
      "http://localhost:3210/_next/static/chunks/main.js",
      "http://localhost:3210/_next/static/chunks/app.js?v=1&x=2",
      "http://localhost:3210/_next/static/chunks/booking.js",
    ]);
    expect(scripts.nomodule).toEqual(["http://localhost:3210/_next/static/chunks/polyfills.js"]);
    expect(scripts.inline).toHaveLength(2);
  });
});

describe("totals", () => {
  it("sums the files and names the largest by gzipped size", () => {
    const sizes = [
      { name: "a.js", holds: "", rawBytes: 300, gzipBytes: 100 },
      { name: "b.js", holds: "", rawBytes: 900, gzipBytes: 300 },
      { name: "c.js", holds: "", rawBytes: 600, gzipBytes: 200 },
    ];
    const sum = totals(sizes, 2);
    expect(sum).toMatchObject({ files: 3, rawBytes: 1800, gzipBytes: 600 });
    expect(sum.largest.map((size) => size.name)).toEqual(["b.js", "c.js"]);
    expect(kB(143_849)).toBe("143.8 kB");
  });
});

describe("describeChunk", () => {
  const clientModules = {
    "[project]/components/schedule/booking-controls.tsx": {
      chunks: ["/_next/static/chunks/shared.js", "/_next/static/chunks/page.js"],
    },
    "[project]/node_modules/next/dist/client/app-dir/link.js": {
      chunks: ["/_next/static/chunks/shared.js", "/_next/static/chunks/page.js"],
    },
    "[project]/node_modules/next-intl/dist/esm/production/shared/NextIntlClientProvider.js": {
      chunks: ["/_next/static/chunks/shared.js"],
    },
  };
  const rootMainFiles = ["static/chunks/dom.js", "static/chunks/other.js"];

  it("names the client modules whose own chunk it is, else guesses Next's main files by content", () => {
    const describe = (file: string, source = "") => describeChunk({ file, source, rootMainFiles, clientModules });
    expect(describe("page.js")).toBe("components/schedule/booking-controls.tsx, next (link)");
    expect(describe("shared.js")).toBe("next-intl");
    expect(describe("dom.js", 'e="__reactContainer$"+n')).toBe("react-dom client (Next's main files)");
    expect(describe("other.js")).toBe("Next's main files");
    expect(describe("unknown.js")).toBe("");
  });

  it("shows at most three of Next's modules", () => {
    const paths = ["a", "b", "c", "d", "e"].map((name) => `[project]/node_modules/next/dist/client/${name}.js`);
    expect(summarizeModules(paths)).toBe("next (a, b, c, +2 more)");
  });
});
