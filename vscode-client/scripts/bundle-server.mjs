// Fills bundled/libs with jaxerr-ls and its dependencies, for the `useBundled` import strategy:
// `node scripts/bundle-server.mjs [--python PYTHON]` (PYTHON runs pip; any 3.10+).
//
// The server runs on the user's Python (3.10 to 3.13), not on the one that bundles, so the
// dependencies are resolved for each of those versions (pip --python-version) and merged:
// - a dependency only some versions need (exceptiongroup, for 3.10) is there for them;
// - a compiled dependency (rapidfuzz) has its extension modules for every version: their file
//   names carry the version (`fuzz_cpp.cpython-312-x86_64-linux-gnu.so`), so they sit side by
//   side and each Python loads its own. On a platform the bundle was not built for, rapidfuzz
//   falls back to its pure-Python implementation.
// Every version gets the same release of each package: the oldest Python's pick, which the
// others take as constraints (a newer release may have dropped the oldest Python).
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const client = resolve(here, "..");
const repo = resolve(client, "..");
const libs = join(client, "bundled", "libs");
const flag = process.argv.indexOf("--python");
const python = flag >= 0 ? process.argv[flag + 1] : process.env.PYTHON ?? "python3";
// The Pythons the extension supports, oldest first (package.json's jaxerr.interpreter,
// pyproject's requires-python): keep in step with both, and with test/bundle.test.ts.
const SUPPORTED_PYTHONS = ["3.10", "3.11", "3.12", "3.13"];

const pip = (args) =>
  execFileSync(python, ["-m", "pip", "--disable-pip-version-check", ...args], { stdio: "inherit" });

/** Installs wheels only, as for Python `version`, into `target`. */
const installFor = (version, target, args) =>
  pip(["install", "--no-compile", "--only-binary=:all:", "--python-version", version, "--target", target, ...args]);

/** Every file under `dir`, relative to it. */
function files(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)));
}

const scratch = mkdtempSync(join(tmpdir(), "jaxerr-bundle-"));
try {
  const wheels = join(scratch, "wheels");
  pip(["wheel", "--no-deps", "--wheel-dir", wheels, repo]);
  const [wheel] = readdirSync(wheels);
  const constraints = join(scratch, "constraints.txt");
  rmSync(libs, { recursive: true, force: true });
  for (const version of SUPPORTED_PYTHONS) {
    const target = join(scratch, version);
    const pinned = existsSync(constraints) ? ["--constraint", constraints] : [];
    installFor(version, target, [...pinned, join(wheels, wheel)]);
    // What pip left out for this version: the dependencies its markers select (pip
    // evaluated them for the Python that runs it), and theirs, with the same constraints.
    for (;;) {
      const needed = execFileSync(python, [join(here, "missing-requirements.py"), target, version], {
        encoding: "utf8",
      })
        .split("\n")
        .filter(Boolean);
      if (needed.length === 0) {
        break;
      }
      console.log(`Python ${version} also needs: ${needed.join(", ")}`);
      installFor(version, target, ["--no-deps", ...pinned, ...needed]);
    }
    if (pinned.length === 0) {
      const releases = readdirSync(target)
        .map((entry) => /^(.+)-([^-]+)\.dist-info$/.exec(entry))
        .filter((found) => found !== null)
        .map((found) => `${found[1]}==${found[2]}`);
      writeFileSync(constraints, releases.join("\n") + "\n");
    }
    let added = 0;
    for (const file of files(target)) {
      if (!existsSync(join(libs, file))) {
        cpSync(join(target, file), join(libs, file));
        added += 1;
      }
    }
    console.log(`Python ${version}: ${added} file(s) added to the bundle`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// Installed scripts are not needed to import the package. jedi's stubs of third-party
// libraries (4,000 files, 27 MB) serve hover on those libraries, not on JAX, which carries its
// own types; jedi skips a missing stub folder.
for (const unused of ["bin", "jedi/third_party/typeshed/stubs", "jedi/third_party/django-stubs"]) {
  rmSync(join(libs, unused), { recursive: true, force: true });
}
console.log(`bundled jaxerr-ls into ${libs}`);
