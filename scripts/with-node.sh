#!/usr/bin/env bash
# Runs a command with Node >= 22.13 first on PATH (see ensure-node.sh): npm scripts
# use it so that `npm start` and `npm test` work even where the system Node is older.
set -e
. "$(dirname "$0")/ensure-node.sh"
exec "$@"
