import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

// Every schema module imports z from here, so `.openapi()` metadata is available everywhere.
extendZodWithOpenApi(z);

// In the browser (forms that check a rule as it is typed, e.g. the series preview), zod must not try
// `new Function`: the pages' Content-Security-Policy has no 'unsafe-eval', and Chromium reports even
// zod's caught probe as a violation. Set before any schema is built (they read it when constructed).
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
