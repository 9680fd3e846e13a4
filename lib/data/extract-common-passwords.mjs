// Regenerates lib/data/common-passwords.json, the list sign-up refuses: the most common passwords of
// at least 8 characters (shorter ones are refused by length already), most frequent first, taken from
// the frequency-ranked list of the MIT-licensed @zxcvbn-ts/language-common package (a devDependency).
// Run: node lib/data/extract-common-passwords.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const COUNT = 5000;
const MIN_LENGTH = 8;

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve("@zxcvbn-ts/language-common/package.json"));
const ranked = JSON.parse(readFileSync(path.join(packageDir, "src", "passwords.json"), "utf8"));
if (!Array.isArray(ranked) || ranked.length < COUNT) throw new Error("unexpected shape of passwords.json");

const seen = new Set();
const picked = [];
for (const entry of ranked) {
  const password = String(entry).toLowerCase();
  if ([...password].length < MIN_LENGTH || seen.has(password)) continue;
  seen.add(password);
  picked.push(password);
  if (picked.length === COUNT) break;
}

const target = path.join(path.dirname(fileURLToPath(import.meta.url)), "common-passwords.json");
writeFileSync(target, JSON.stringify(picked, null, 0).replace(/","/g, '",\n"') + "\n");
console.log(`wrote ${picked.length} passwords to ${path.relative(process.cwd(), target)}`);
