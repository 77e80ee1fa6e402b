#!/usr/bin/env bash
# The README's two commands: `npm start` and `npm test` land here (package.json runs this
# script with `exec`, so npm's signals reach it).
# Bootstraps Node and pnpm, installs dependencies when needed (pnpm's progress and, on a
# failure, its error are shown), then starts or checks. The server replaces this shell
# (`exec node`, not through pnpm), so SIGTERM and SIGINT sent to npm reach it and it shuts
# down cleanly.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bootstrap.sh
if ! pnpm install --frozen-lockfile --prefer-offline; then
  echo "npm-entry: installing the dependencies failed (pnpm's error above)" >&2
  exit 1
fi
case "${1:-}" in
  start)
    # Builds the web app only when its sources changed (one line of summary), unless
    # WEB_DIST names another build or is empty (the API only).
    [ -n "${WEB_DIST+set}" ] || node scripts/build-web.mjs
    # In apps/server, as `pnpm --filter @solar/server start` ran it: DATA_DIR=./data is there.
    cd apps/server
    exec node src/main.ts
    ;;
  test)
    exec node scripts/check.mjs
    ;;
  *)
    echo "usage: npm-entry.sh start|test" >&2
    exit 2
    ;;
esac
