#!/usr/bin/env bash
# The README's two commands: `npm start` and `npm test` land here.
# Bootstraps Node and pnpm, installs dependencies when needed, then starts or checks.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bootstrap.sh
pnpm install --frozen-lockfile --prefer-offline --reporter=silent
case "${1:-}" in
  start)
    # Builds the web app only when its sources changed; one line of summary.
    node scripts/build-web.mjs
    exec pnpm --filter @solar/server start
    ;;
  test)
    exec node scripts/check.mjs
    ;;
  *)
    echo "usage: npm-entry.sh start|test" >&2
    exit 2
    ;;
esac
