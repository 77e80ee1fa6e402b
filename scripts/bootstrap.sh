#!/usr/bin/env bash
# Makes sure a Node the project runs on and pnpm are on PATH. Source it: `. scripts/bootstrap.sh`.
# The Node range is package.json's `engines` (^22.19.0 || >=24.3.0: decision 033). When the
# machine's node is outside it, or pnpm is missing, Node 24 and pnpm 10 are installed from
# the npm registry into the ignored folder .tools/ (once; later runs reuse them).
SOLAR_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SOLAR_TOOLS="$SOLAR_ROOT/.tools"
SOLAR_NODE_VERSION="24.21.0"
SOLAR_PNPM_VERSION="10.34.9"

# Whether a Node version (major.minor.patch) is in engines' range: 22.19+ on the 22 line,
# or 24.3 and later. Below: no type stripping of the server's .ts files (before 22.18) or
# a plain-text warning about it (23, 24.0-24.2).
solar_version_ok() {
  local major minor
  IFS=. read -r major minor _ <<<"$1"
  [ "$major" -eq 22 ] && [ "$minor" -ge 19 ] && return 0
  [ "$major" -eq 24 ] && [ "$minor" -ge 3 ] && return 0
  [ "$major" -gt 24 ]
}

solar_node_ok() {
  command -v node >/dev/null 2>&1 && solar_version_ok "$(node -p process.versions.node)"
}

if [ -x "$SOLAR_TOOLS/node_modules/.bin/node" ]; then
  export PATH="$SOLAR_TOOLS/node_modules/.bin:$PATH"
fi
if ! solar_node_ok || ! command -v pnpm >/dev/null 2>&1; then
  echo "bootstrap: installing Node $SOLAR_NODE_VERSION and pnpm $SOLAR_PNPM_VERSION into .tools/ (once)" >&2
  mkdir -p "$SOLAR_TOOLS"
  npm install --no-audit --no-fund --loglevel=warn --prefix "$SOLAR_TOOLS" \
    "node@$SOLAR_NODE_VERSION" "pnpm@$SOLAR_PNPM_VERSION" >&2 || {
    echo "bootstrap: could not install Node and pnpm from the npm registry (npm's error above)" >&2
    return 1 2>/dev/null || exit 1
  }
  export PATH="$SOLAR_TOOLS/node_modules/.bin:$PATH"
fi
export PNPM_HOME="${PNPM_HOME:-$SOLAR_TOOLS/pnpm-home}"
