import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation (WCAG 2.0–2.2 A/AA
 * and best practices), naming the rule and the offending elements.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  // Next streams a page's metadata: after a client-side navigation the <title> may land a moment later.
  await page.waitForFunction(() => document.title !== "", undefined, { timeout: 5_000 }).catch(() => undefined);
  const analyze = () =>
    new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
  let results;
  try {
    results = await analyze();
  } catch (error) {
    // `next dev` (E2E_DEV=1) may reload a page while it compiles another: analyse the reloaded page.
    if (!(error instanceof Error && /Execution context was destroyed/.test(error.message))) throw error;
    await page.waitForLoadState("load");
    results = await analyze();
  }
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  // Soft: the journey goes on to its end, and the test fails listing every page's violations.
  expect.soft(report, `axe on ${page.url()}`).toEqual([]);
}
