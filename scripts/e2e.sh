#!/usr/bin/env bash
# e2e.sh [go test flags] — the browser tests (make e2e). Installs Chromium when it can
# (need.sh); when it cannot, the tests skip and the last line says so loudly, with the
# command that fixes it. Under CI a missing browser is a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
if scripts/need.sh chromium; then
  exec "$GO" test "$@" ./e2e/...
fi
if [ -n "${CI:-}" ]; then
  echo "e2e: FAILED: no Chromium found and CI is set: the browser tests must run" >&2
  exit 1
fi
"$GO" test "$@" ./e2e/... || exit
echo "*** BROWSER TESTS DID NOT RUN: no Chromium found. Fix: sudo apt-get install chromium (or set CHROMIUM=/path/to/chrome), then make e2e ***"
