#!/usr/bin/env bash
# Runs a command with the Node the project runs on first on PATH (see ensure-node.sh), and with node_modules
# installed as package-lock.json says: npm scripts run through it, so that on a fresh clone `npm start` and
# `npm test` alone install Node 24 where the system's is older, then the packages with that Node (`npm ci`,
# whose npm then finds every package's `engines` met and prints no warning for them), then do their work.
# package.json's `allowScripts` decides which install scripts run (none: see scripts/setup-policy.test.ts).
# The check runs once per command: the commands it starts inherit MASHURA_PACKAGES_CHECKED.
set -e
. "$(dirname "$0")/ensure-node.sh"
if [ -z "${MASHURA_PACKAGES_CHECKED:-}" ]; then
  _root="$(cd "$(dirname "$0")/.." && pwd)"
  if ! node "$_root/scripts/packages-current.mjs"; then
    echo "with-node: installing the packages of package-lock.json with Node $(node --version) (npm ci)…" >&2
    (cd "$_root" && npm ci --no-audit --no-fund --loglevel=error)
  fi
  export MASHURA_PACKAGES_CHECKED=1
fi
exec "$@"
