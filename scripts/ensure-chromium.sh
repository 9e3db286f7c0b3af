#!/usr/bin/env bash
# Playwright drives Debian's Chromium: `npx playwright install` cannot download browsers on these machines. The e2e
# suite runs in the old headless shell (/usr/bin/chromium-headless-shell) and its tests of the system's
# notifications in the full browser (/usr/bin/chromium); playwright.config.ts says why. Install what is missing with
# apt when we can (root + apt-get), else say exactly what is missing.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
SHELL_BINARY=${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
[ -x "$SHELL_BINARY" ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Missing: ${missing[*]}. Installing Debian's package with apt-get (about 30 s)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  [ -x "$CHROMIUM" ] && [ -x "$SHELL_BINARY" ] && exit 0
fi
echo "The end-to-end tests need Chromium at $CHROMIUM and its headless shell at $SHELL_BINARY." >&2
echo "Install them with: sudo apt-get install -y chromium chromium-headless-shell" >&2
echo "(or set CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH to other binaries)" >&2
exit 1
