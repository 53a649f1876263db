#!/usr/bin/env bash
# Installs Debian's Chromium for tests/all/browser.rs (the web page of `fairyspec serve` driven in a
# real headless browser). Idempotent. Where a browser is required — in CI (the variable CI set to
# true or 1, in any case, as CI services do) or with FAIRYSPEC_REQUIRE_ENGINES=1, which .ci/run sets —
# a browser that is still missing afterwards fails this script, and the browser tests fail too.
# Elsewhere it only warns, and those tests say SKIPPED.
set -u

# A switch variable is on when it is `true` or `1`, in any case (CI=false is not CI), as
# tests/all/support/ci.rs reads it.
is_on() {
    case "$(printf '%s' "${1:-}" | tr '[:upper:]' '[:lower:]')" in
        true | 1) return 0 ;;
        *) return 1 ;;
    esac
}

required() {
    is_on "${CI:-}" || is_on "${FAIRYSPEC_REQUIRE_ENGINES:-}"
}

sudo_if_needed() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi
}

have_chromium() {
    local candidate
    for candidate in chromium chromium-browser; do
        if command -v "$candidate" >/dev/null 2>&1; then
            echo "browser.sh: $candidate: $("$candidate" --version 2>/dev/null)"
            return 0
        fi
    done
    return 1
}

if have_chromium; then
    exit 0
fi
if command -v apt-get >/dev/null 2>&1; then
    echo "browser.sh: installing chromium"
    sudo_if_needed apt-get update -qq \
        && DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core fonts-ipafont-mincho \
        || echo "browser.sh: apt-get could not install chromium" >&2
else
    echo "browser.sh: no apt-get to install chromium with" >&2
fi
if have_chromium; then
    exit 0
fi
if required; then
    echo "browser.sh: ERROR: no chromium; CI needs it for tests/all/browser.rs" >&2
    exit 1
fi
echo "browser.sh: WARNING: no chromium; tests/all/browser.rs will say SKIPPED" >&2
exit 0
