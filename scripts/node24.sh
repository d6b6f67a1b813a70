#!/usr/bin/env bash
# Node.js 24 LTS for this project, from the npm registry alone.
#
#   source scripts/node24.sh          # this shell now runs node 24 (and npm on it)
#   scripts/node24.sh npm ci          # one command under node 24
#
# When the `node` on PATH is already 24, it is used as it is. Otherwise the registry package
# node-<os>-<arch>@24 (the official binary and its C headers) is unpacked once into
# ${VIDSHARE_NODE_HOME:-~/.cache/vidshare/node-24} and put first on PATH.
#
# node-gyp is pointed at that package's headers, so a native addon with no prebuilt binary for
# this platform builds from source with no download beyond the registry. It is set as
# npm_package_config_node_gyp_nodedir, the form node-gyp reads under npm 11 (it outranks
# npm_config_nodedir, which npm 11 would warn about as an unknown setting on every command).

vidshare_node24() {
  local want=24
  local have
  have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || true)"
  if [ "$have" = "$want" ] && [ -z "${VIDSHARE_NODE_FORCE_PACKAGE:-}" ]; then
    local prefix
    prefix="$(dirname "$(dirname "$(command -v node)")")"
    if [ -f "$prefix/include/node/node_api.h" ]; then export npm_package_config_node_gyp_nodedir="$prefix"; fi
    return 0
  fi

  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "node24.sh: unsupported system $(uname -s); install Node.js 24 yourself" >&2; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "node24.sh: unsupported machine $(uname -m); install Node.js 24 yourself" >&2; return 1 ;;
  esac

  local home="${VIDSHARE_NODE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/vidshare/node-$want}"
  if [ ! -x "$home/bin/node" ]; then
    echo "node24.sh: fetching node-$os-$arch@$want from the npm registry into $home" >&2
    local scratch
    scratch="$(mktemp -d)" || return 1
    local tarball
    if ! tarball="$(cd "$scratch" && npm pack --silent "node-$os-$arch@$want" 2>/dev/null | tail -n 1)" \
      || [ ! -f "$scratch/$tarball" ]; then
      echo "node24.sh: could not fetch node-$os-$arch@$want" >&2
      rm -rf "$scratch"
      return 1
    fi
    tar -xzf "$scratch/$tarball" -C "$scratch" || { rm -rf "$scratch"; return 1; }
    mkdir -p "$(dirname "$home")"
    rm -rf "$home.partial"
    mv "$scratch/package" "$home.partial" && rm -rf "$home" && mv "$home.partial" "$home"
    rm -rf "$scratch"
    chmod +x "$home/bin/node"
  fi

  export PATH="$home/bin:$PATH"
  export npm_package_config_node_gyp_nodedir="$home"
  hash -r 2>/dev/null || true
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  vidshare_node24
else
  set -euo pipefail
  vidshare_node24
  if [ "$#" -gt 0 ]; then exec "$@"; fi
  node --version
fi
