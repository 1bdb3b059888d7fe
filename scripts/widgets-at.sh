#!/usr/bin/env bash
# Runs the widgets' browser tests as at another moment, to meet the tests that fail only at some hours before
# CI does: Riyadh's midnight is 21:00 UTC, the Saudi week ends on Saturday at 21:00 UTC. The clock starts at the
# moment given (UTC) and runs on from there. Needs libfaketime (Debian's `faketime` package); not part of
# `npm test`.
#
#   bash scripts/widgets-at.sh "2026-12-05 20:57"
#   bash scripts/widgets-at.sh "2026-11-30 20:58" widgets/src/session-room/session-room.test.tsx
set -euo pipefail
cd "$(dirname "$0")/.."
at=${1:?usage: widgets-at.sh "YYYY-MM-DD HH:MM[:SS]" [test files, comma-separated]}
command -v faketime >/dev/null || { echo "widgets-at: needs faketime (apt-get install -y faketime)" >&2; exit 1; }
. scripts/ensure-node.sh >/dev/null
offset=$(( $(TZ=UTC date -d "$at" +%s) - $(date +%s) ))
export MASHURA_CLOCK_OFFSET_S=$offset WIDGETS_AT_FILES=${2:-}
echo "widgets-at: the clock starts at $(TZ=UTC date -d "$at" '+%Y-%m-%d %H:%M:%S') UTC (offset ${offset} s)"
npx tsc -b packages/core
exec faketime -f "$(printf '%+d' "$offset")s" npx wtr --config web-test-runner.at.config.mjs
