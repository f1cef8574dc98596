#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium; Playwright cannot download its own browser here.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium package for the end-to-end tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The end-to-end tests need Chromium at $chromium: run 'sudo apt-get install chromium' (Debian/Ubuntu) or set CHROMIUM_PATH." >&2
exit 1
