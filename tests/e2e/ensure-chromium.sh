#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium; Playwright cannot download its own browser here.
# They also lay out Bangla screens: without a Bengali font Chromium draws boxes of another size,
# and the overflow walk would measure those instead of the script users read.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
packages=()
[ -x "$chromium" ] || packages+=(chromium)
if command -v fc-list >/dev/null && ! fc-list :lang=bn | grep -q .; then
  packages+=(fonts-lohit-beng-bengali)
fi
[ ${#packages[@]} = 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${packages[*]} for the end-to-end tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
  exit 0
fi
if [ -x "$chromium" ]; then
  echo "No Bengali font: the Bangla screens are measured with fallback boxes ('sudo apt-get install fonts-lohit-beng-bengali')." >&2
  exit 0
fi
echo "The end-to-end tests need Chromium at $chromium: run 'sudo apt-get install chromium' (Debian/Ubuntu) or set CHROMIUM_PATH." >&2
exit 1
