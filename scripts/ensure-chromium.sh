#!/usr/bin/env bash
# Playwright drives Debian's Chromium at /usr/bin/chromium: `npx playwright install` cannot download browsers on
# these machines. Install it with apt when we can (root + apt-get), else say exactly what is missing.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Chromium is missing: installing Debian's chromium with apt-get (about 30 s)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "The end-to-end tests need Chromium at $CHROMIUM." >&2
echo "Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to another Chromium binary)" >&2
exit 1
