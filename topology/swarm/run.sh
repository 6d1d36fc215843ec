#!/usr/bin/env bash
# pnpm test:swarm: deploy/swarm/stack.yml deployed and changed under load on a real swarm
# (swarm/*.test.ts). Makes a one-node swarm when the engine is in none, bounds the whole run in
# time, and whatever happens (even if jest is killed) removes the stack and leaves the swarm it made.
set -euo pipefail
cd "$(dirname "$0")/.."
export TOOLGATE_SWARM_STACK="${TOOLGATE_SWARM_STACK:-tgswarm$$}"
export TOOLGATE_SWARM_REPORT="${TOOLGATE_SWARM_REPORT:-${TMPDIR:-/tmp}/$TOOLGATE_SWARM_STACK.json}"
budget="${TOOLGATE_SWARM_TIMEOUT:-900}"   # seconds for the whole run
started=$SECONDS

command -v docker >/dev/null && docker info >/dev/null 2>&1 \
  || { echo "test:swarm needs a running Docker engine" >&2; exit 1; }

made_swarm=no
made_gwbridge=no
state=$(docker info --format '{{.Swarm.LocalNodeState}}')
case "$state" in
  active) echo "test:swarm: using the swarm this engine is in" ;;
  inactive)
    docker network inspect docker_gwbridge >/dev/null 2>&1 || made_gwbridge=yes
    docker swarm init --advertise-addr 127.0.0.1 >/dev/null
    made_swarm=yes
    echo "test:swarm: made a one-node swarm" ;;
  *) echo "test:swarm: the engine's swarm is $state; expected active or inactive" >&2; exit 1 ;;
esac

cleanup() {
  local status=$?
  local label="label=com.docker.stack.namespace=$TOOLGATE_SWARM_STACK"
  if [[ -n $(docker service ls -q --filter "$label") ]]; then
    echo "test:swarm: removing the stack $TOOLGATE_SWARM_STACK" >&2
    docker stack rm "$TOOLGATE_SWARM_STACK" >/dev/null || true
  fi
  # Its containers go after the services; the network goes after its containers.
  for _ in $(seq 1 60); do
    [[ -z $(docker ps -aq --filter "$label") && -z $(docker network ls -q --filter "$label") ]] && break
    sleep 1
  done
  if [[ $made_swarm == yes ]]; then
    docker swarm leave --force >/dev/null
    [[ $made_gwbridge == no ]] || docker network rm docker_gwbridge >/dev/null 2>&1 || true
    echo "test:swarm: left the swarm it made ($(docker info --format '{{.Swarm.LocalNodeState}}'))"
  fi
  rm -rf "${TMPDIR:-/tmp}/toolgate-compose-$TOOLGATE_SWARM_STACK-build"
  echo "test:swarm: ${SECONDS}s in all"
  exit "$status"
}
trap cleanup EXIT

NODE_OPTIONS=--experimental-vm-modules timeout --kill-after=10 $((budget - (SECONDS - started))) \
  jest --config jest.swarm.config.js --runInBand "$@"
