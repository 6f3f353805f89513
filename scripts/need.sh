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

can_install() {
  [ -z "${GCPLAY_NO_INSTALL:-}" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1
}

# The page speaks Simplified Chinese too: without a CJK font Chromium draws boxes (tofu) in
# the zh-CN screenshots. A missing font is installed when possible, never a failure.
cjk_font() {
  [ "$tool" = chromium ] || return 0
  command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=zh 2>/dev/null)" ] && return 0
  can_install || return 0
  echo "need.sh: no CJK font for Chromium; installing Debian package fonts-noto-cjk" >&2
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends fonts-noto-cjk >/dev/null; } >&2 || true
}

have && { cjk_font; exit 0; }
can_install || exit 1
pkg=$tool; [ "$tool" = node ] && pkg=nodejs; [ "$tool" = chromium ] && pkg="chromium fonts-noto-cjk"
echo "need.sh: $tool is missing; installing Debian package $pkg (set GCPLAY_NO_INSTALL=1 to skip)" >&2
export DEBIAN_FRONTEND=noninteractive
{ apt-get update -qq && apt-get install -y -qq $pkg >/dev/null; } >&2 || exit 1
have
