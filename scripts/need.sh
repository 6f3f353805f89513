#!/usr/bin/env bash
# need.sh TOOL — make sure a test tool is on the machine: chromium (browser tests) or node
# (the core's tests as wasm). Installs the Debian package when it can (root with apt-get,
# as on CI and fresh sandboxes) unless GCPLAY_NO_INSTALL is set. Exits 1, saying nothing,
# when the tool is still missing; the caller decides how loudly to say so.
set -uo pipefail
tool=${1:?usage: need.sh chromium|node}

have() {
  case "$tool" in
    chromium)
      [ -n "${CHROMIUM:-}" ] && [ -x "${CHROMIUM}" ] && return 0
      for c in chromium chromium-browser google-chrome google-chrome-stable; do
        command -v "$c" >/dev/null 2>&1 && return 0
      done
      [ -x "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" ];;
    node) command -v node >/dev/null 2>&1;;
    *) echo "need.sh: unknown tool '$tool'" >&2; exit 2;;
  esac
}

have && exit 0
[ -z "${GCPLAY_NO_INSTALL:-}" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || exit 1
pkg=$tool; [ "$tool" = node ] && pkg=nodejs
echo "need.sh: $tool is missing; installing Debian package $pkg (set GCPLAY_NO_INSTALL=1 to skip)" >&2
export DEBIAN_FRONTEND=noninteractive
{ apt-get update -qq && apt-get install -y -qq "$pkg" >/dev/null; } >&2 || exit 1
have
