/** The real captured output the tests run on: the repo's tests/fixtures/logs and the passing
 * runs in test/fixtures/passing (made by test/fixtures/capture-passing.sh). */

import * as fs from "node:fs";
import * as path from "node:path";

// Compiled to out/test/: the extension's folder is two up, the repository three.
export const CLIENT_ROOT = path.resolve(__dirname, "..", "..");
export const REPO_ROOT = path.resolve(CLIENT_ROOT, "..");
export const LOGS = path.join(REPO_ROOT, "tests", "fixtures", "logs");
export const PASSING = path.join(CLIENT_ROOT, "test", "fixtures", "passing");

function logsUnder(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      found.push(...logsUnder(full));
    } else if (entry.name.endsWith(".log")) {
      found.push(full);
    }
  }
  return found.sort();
}

// A captured run that ended without an error (tests/fixtures/capture_lint.py) is named so.
const PASSED = ".passed.log";

/** Every real log of a failed run in the repository. */
export function failingLogs(): string[] {
  return logsUnder(LOGS).filter((file) => !file.endsWith(PASSED));
}

/** Real output of runs where nothing failed. */
export function passingLogs(): string[] {
  return [...logsUnder(PASSING), ...logsUnder(LOGS).filter((file) => file.endsWith(PASSED))].sort();
}

export function read(file: string): string {
  return fs.readFileSync(file, "utf8");
}

export function relative(file: string): string {
  return path.relative(REPO_ROOT, file);
}
