#!/usr/bin/env bash
# Installs Debian's Chromium for tests/all/browser.rs (the web page of `fairyspec serve` driven in a
# real headless browser). Idempotent. Locally a missing browser only makes that test skip with a
# message; in CI (CI=true) the test fails without one, so this script says loudly when it cannot
# install it.
set -u

warn() { printf 'browser.sh: WARNING: %s\n' "$*" >&2; }

sudo_if_needed() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi
}

for candidate in chromium chromium-browser; do
    if command -v "$candidate" >/dev/null 2>&1; then
        echo "browser.sh: $candidate already installed: $("$candidate" --version 2>/dev/null)"
        exit 0
    fi
done

if command -v apt-get >/dev/null 2>&1; then
    { sudo_if_needed apt-get update -qq \
        && DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core; } \
        || warn "could not install chromium with apt-get; tests/all/browser.rs fails in CI without it"
else
    warn "no apt-get to install chromium; tests/all/browser.rs fails in CI without it"
fi
command -v chromium >/dev/null 2>&1 && echo "browser.sh: $(chromium --version 2>/dev/null)"
exit 0
