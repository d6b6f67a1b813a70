#!/usr/bin/env bash
# Builds the container image with podman and runs it: it must become ready, run as a user other
# than root, carry an ffmpeg of version 5 or newer, pass its own HEALTHCHECK, and drain and
# exit 0 on `podman stop` (SIGTERM to node, process 1).
#
#   bash scripts/container-test.sh        (as root; installs podman, runc and debootstrap if missing)
#
# No container registry is needed: the `debian:bookworm-slim` base is made here with
# `debootstrap --variant=minbase bookworm` and `podman import`, and the root file system is
# kept in ${VIDSHARE_CONTAINER_CACHE:-~/.cache/vidshare/container} so later runs skip that
# step. Extra CA certificates for the build (a TLS-inspecting proxy before the npm registry)
# are passed as the build secret `ca` from CA_BUNDLE (default: the system bundle).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "container-test: $*" >&2; }
fail() { say "FAILED: $*"; exit 1; }

if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v debootstrap >/dev/null; then
  say "installing podman, runc and debootstrap"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap >/dev/null
fi

cache="${VIDSHARE_CONTAINER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vidshare/container}"
mkdir -p "$cache"
# podman's settings for this run only: runc (crun fails on some cgroup set-ups) and no default
# ulimits (raising them is refused inside some sandboxes).
export CONTAINERS_CONF="$cache/containers.conf"
cat >"$CONTAINERS_CONF" <<'CONF'
[containers]
default_ulimits = []

[engine]
runtime = "runc"
CONF
podman=(podman --runtime runc)

base="docker.io/library/debian:bookworm-slim"
if ! "${podman[@]}" image exists "$base"; then
  rootfs_tar="$cache/bookworm-minbase.tar"
  if [ ! -s "$rootfs_tar" ]; then
    say "making the bookworm base with debootstrap (once; kept in $cache)"
    rootfs="$(mktemp -d)"
    debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$cache/debootstrap.log" 2>&1 \
      || { tail -20 "$cache/debootstrap.log" >&2; rm -rf "$rootfs"; fail "debootstrap"; }
    # The package sources the official image has, bookworm-security included.
    rm -f "$rootfs/etc/apt/sources.list"
    cat >"$rootfs/etc/apt/sources.list.d/debian.sources" <<'SOURCES'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
    rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/archives/*.deb
    tar -C "$rootfs" -cf "$rootfs_tar.partial" . && mv "$rootfs_tar.partial" "$rootfs_tar"
    rm -rf "$rootfs"
  fi
  say "importing $base"
  "${podman[@]}" import --change 'CMD ["bash"]' "$rootfs_tar" "$base" >/dev/null
fi

image="localhost/vidshare:container-test"
ca="${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"
secret=()
if [ -s "$ca" ]; then secret=(--secret "id=ca,src=$ca"); fi
say "building $image"
# Without a registry to pull from, the base is the one imported above.
"${podman[@]}" build --pull=never --format docker --network host "${secret[@]}" \
  -t "$image" . >"$cache/build.log" 2>&1 || { tail -40 "$cache/build.log" >&2; fail "build"; }

port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
name="vidshare-container-test-$$"
cleanup() {
  "${podman[@]}" rm -f -t 0 "$name" >/dev/null 2>&1 || true
  # Earlier builds' untagged images; the current one and its layers stay as the next build's cache.
  "${podman[@]}" image prune -f >/dev/null 2>&1 || true
}
trap cleanup EXIT
# Host networking: nothing to publish or route. Without systemd podman cannot time the
# HEALTHCHECK (it says so); the check is run by hand below.
say "running it on 127.0.0.1:$port"
"${podman[@]}" run -d --name "$name" --network host -e PORT="$port" -e HOST=127.0.0.1 \
  -e SERVER_PROCESSES=2 "$image" >/dev/null

ready=""
for _ in $(seq 1 120); do
  if [ "$("${podman[@]}" inspect -f '{{.State.Running}}' "$name")" != "true" ]; then
    "${podman[@]}" logs "$name" >&2 || true
    fail "the container stopped before it was ready"
  fi
  if ready="$(node -e "fetch('http://127.0.0.1:$port/api/v1/health/ready').then(async (r) => { if (!r.ok) process.exit(1); console.log(await r.text()) }, () => process.exit(1))")"; then
    break
  fi
  ready=""
  sleep 1
done
[ -n "$ready" ] || { "${podman[@]}" logs "$name" >&2; fail "not ready within 120 s"; }
say "ready: $ready"
case "$ready" in *'"ffmpeg":"ok"'*) ;; *) fail "readiness did not check ffmpeg: $ready" ;; esac

uid="$("${podman[@]}" exec "$name" id -u)"
[ "$uid" != "0" ] || fail "the server runs as root"
server_uid="$("${podman[@]}" exec "$name" sh -c 'stat -c %u /proc/1')"
[ "$server_uid" != "0" ] || fail "process 1 runs as root"
say "runs as uid $uid ($("${podman[@]}" exec "$name" id -un))"

pid1="$("${podman[@]}" exec "$name" sh -c 'tr "\0" " " </proc/1/cmdline')"
case "$pid1" in node\ server/dist/main.js*) ;; *) fail "process 1 is not node: $pid1" ;; esac

version="$("${podman[@]}" exec "$name" ffmpeg -hide_banner -version | head -n 1)"
say "$version"
major="$(sed -E 's/^ffmpeg version [^0-9]*([0-9]+).*/\1/' <<<"$version")"
[[ "$major" =~ ^[0-9]+$ ]] && [ "$major" -ge 5 ] || fail "ffmpeg older than 5: $version"

"${podman[@]}" healthcheck run "$name" || fail "the image's HEALTHCHECK failed"

# Writes land in the volume as that user.
"${podman[@]}" exec "$name" sh -c 'test -w /data && test -f /data/vidshare.sqlite' \
  || fail "DATA_DIR (/data) is not the database's writable home"

"${podman[@]}" stop -t 30 "$name" >/dev/null
code="$("${podman[@]}" inspect -f '{{.State.ExitCode}}' "$name")"
logs="$("${podman[@]}" logs "$name" 2>&1)"
grep -q 'SIGTERM received: draining' <<<"$logs" || { echo "$logs" | tail -20 >&2; fail "SIGTERM did not reach the server"; }
[ "$code" = "0" ] || fail "exit code $code after SIGTERM"
say "stopped cleanly on SIGTERM"
say "passed: ready, not root, $version, HEALTHCHECK, clean stop on SIGTERM"
