#!/usr/bin/env bash
# Makes sure a Node >= 22.12 and pnpm are on PATH. Source it: `. scripts/bootstrap.sh`.
# When the machine's node is older, or pnpm is missing, Node 24 and pnpm 10 are installed
# from the npm registry into the ignored folder .tools/ (once; later runs reuse them).
SOLAR_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SOLAR_TOOLS="$SOLAR_ROOT/.tools"
SOLAR_NODE_VERSION="24.21.0"
SOLAR_PNPM_VERSION="10.34.9"

solar_node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}

if [ -x "$SOLAR_TOOLS/node_modules/.bin/node" ]; then
  export PATH="$SOLAR_TOOLS/node_modules/.bin:$PATH"
fi
if ! solar_node_ok || ! command -v pnpm >/dev/null 2>&1; then
  echo "bootstrap: installing Node $SOLAR_NODE_VERSION and pnpm $SOLAR_PNPM_VERSION into .tools/" >&2
  mkdir -p "$SOLAR_TOOLS"
  npm install --silent --no-audit --no-fund --prefix "$SOLAR_TOOLS" \
    "node@$SOLAR_NODE_VERSION" "pnpm@$SOLAR_PNPM_VERSION" >&2 || {
    echo "bootstrap: could not install Node and pnpm from the npm registry" >&2
    return 1 2>/dev/null || exit 1
  }
  export PATH="$SOLAR_TOOLS/node_modules/.bin:$PATH"
fi
export PNPM_HOME="${PNPM_HOME:-$SOLAR_TOOLS/pnpm-home}"
