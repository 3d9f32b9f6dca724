#!/usr/bin/env bash
# Chromium from the distribution's package, for the browser tests (test/browser): they drive it
# with playwright-core, which downloads no browser. Idempotent: nothing to do when it is there.
# Needs root (apt-get); without it, or without the package, the browser tests skip and say why.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "chromium: /usr/bin/chromium"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium: not installed, and installing it needs root (apt-get install chromium)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
echo "chromium: /usr/bin/chromium"
