// Fills bundled/libs with jaxerr-ls and its dependencies (pip install --target), for the
// `useBundled` import strategy: `node scripts/bundle-server.mjs [--python PYTHON]`.
// The Python used decides the wheels (rapidfuzz has compiled ones, with a pure-Python fallback).
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const client = resolve(here, "..");
const repo = resolve(client, "..");
const libs = join(client, "bundled", "libs");
const flag = process.argv.indexOf("--python");
const python = flag >= 0 ? process.argv[flag + 1] : process.env.PYTHON ?? "python3";

rmSync(libs, { recursive: true, force: true });
execFileSync(
  python,
  ["-m", "pip", "install", "--disable-pip-version-check", "--no-compile", "--target", libs, repo],
  { stdio: "inherit" },
);
// Installed scripts are not needed to import the package. jedi's stubs of third-party
// libraries (4,000 files, 27 MB) serve hover on those libraries, not on JAX, which carries its
// own types; jedi skips a missing stub folder.
for (const unused of ["bin", "jedi/third_party/typeshed/stubs", "jedi/third_party/django-stubs"]) {
  rmSync(join(libs, unused), { recursive: true, force: true });
}
console.log(`bundled jaxerr-ls into ${libs}`);
