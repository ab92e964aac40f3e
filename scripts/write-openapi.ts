// Writes the OpenAPI document that GET /api/openapi.json serves to a file, for the linter and the
// typed client's generator (`npm run openapi:check`). Usage: tsx scripts/write-openapi.ts <file>
import fs from "node:fs";
import path from "node:path";
import { openApiDocument } from "@/lib/openapi/document";

const file = process.argv[2];
if (!file) {
  console.error("usage: tsx scripts/write-openapi.ts <file>");
  process.exit(2);
}
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`wrote ${file}`);
