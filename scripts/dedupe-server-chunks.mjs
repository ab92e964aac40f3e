// @ts-check
// `npm run build`, after `next build`: one file for each server chunk Turbopack wrote more than once.
// Turbopack gives route chunk groups chunks of identical content under different names (the name
// hashes the chunk group, not the content: vercel/next.js#89192, #94961), and a server that has
// served every route loads each copy: the same ~430 kB of lib code 24 times, ~30 MB of heap
// (decision 0043). Each copy is replaced by the first file of its content in every file that names
// it (the routes' chunk lists, the client reference manifests, other chunks), then removed; the
// Turbopack runtime loads a chunk once by its path and registers a module once by its id.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const SERVER_DIR = path.resolve(import.meta.dirname, "..", ".next", "server");

/**
 * Identical chunks differ only in their last line (`//# sourceMappingURL=<own name>.map`).
 * @param {string} file
 */
function contentKey(file) {
  const text = fs.readFileSync(file, "utf8").replace(/\n\/\/# sourceMappingURL=[^\n]*\n?$/, "\n");
  return crypto.createHash("sha256").update(text).digest("hex");
}

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((entry) => (entry.isFile() ? [path.join(entry.parentPath, entry.name)] : []));
}

const started = performance.now();
const all = filesUnder(SERVER_DIR);
const chunks = all.filter((file) => file.includes(`${path.sep}chunks${path.sep}`) && file.endsWith(".js")).sort();
/** @type {Map<string, string>} */
const firstOfContent = new Map();
/** @type {Map<string, string>} chunk path as the runtime names it (server/chunks/…) → its first copy's */
const replacement = new Map();
const serverPath = (/** @type {string} */ file) =>
  `server/${path.relative(SERVER_DIR, file).split(path.sep).join("/")}`;
for (const file of chunks) {
  const key = contentKey(file);
  const first = firstOfContent.get(key);
  if (first) replacement.set(serverPath(file), serverPath(first));
  else firstOfContent.set(key, file);
}

let bytes = 0;
if (replacement.size > 0) {
  const names = new RegExp(
    [...replacement.keys()].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"),
    "g",
  );
  for (const file of all) {
    if (!/\.(js|json)$/.test(file) || !fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, "utf8");
    const rewritten = text.replace(names, (name) => replacement.get(name) ?? name);
    if (rewritten !== text) fs.writeFileSync(file, rewritten);
  }
  for (const name of replacement.keys()) {
    const file = path.join(SERVER_DIR, ...name.replace(/^server\//, "").split("/"));
    bytes += fs.statSync(file).size;
    fs.rmSync(file);
    fs.rmSync(`${file}.map`, { force: true });
  }
}
console.log(
  `[build] server chunks: ${replacement.size} copies of ${new Set(replacement.values()).size} chunks replaced by their first (${(bytes / 1e6).toFixed(1)} MB) in ${Math.round(performance.now() - started)} ms`,
);
