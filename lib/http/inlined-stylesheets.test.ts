import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stylesheetSources } from "./inlined-stylesheets";
import { pageContentSecurityPolicy } from "./security-headers";

describe("the build's inlined stylesheets in the pages' policy", () => {
  it("allows each stylesheet of the build by the SHA-256 of its exact text, and nothing else", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inlined-css-"));
    try {
      fs.mkdirSync(path.join(dir, "chunks"));
      fs.writeFileSync(path.join(dir, "chunks", "a.css"), "body{color:red}");
      fs.writeFileSync(path.join(dir, "chunks", "a.js"), "body{color:red}");
      // the hash a browser computes of <style>body{color:red}</style> (CSP Level 2, base64 SHA-256)
      expect(stylesheetSources(dir)).toEqual(["'sha256-FcQqt3aNlV7AZnGV4zkQRVeCeJOxbMPnQSx258L803E='"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("has none without a build", () => {
    expect(stylesheetSources(path.join(os.tmpdir(), "no-such-build-dir"))).toEqual([]);
  });

  it("puts them beside the nonce in style-src, never 'unsafe-inline'", () => {
    const policy = pageContentSecurityPolicy({ nonce: "n", development: false, https: true, inlineStyles: ["'sha256-x'"] });
    expect(policy).toContain("style-src 'self' 'nonce-n' 'sha256-x';");
    expect(policy).not.toContain("unsafe-inline");
  });
});
