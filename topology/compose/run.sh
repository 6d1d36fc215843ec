#!/usr/bin/env bash
# pnpm test:compose: the compose stack built and run for real (compose/*.test.ts),
# bounded in time, and the project removed whatever happens (even if jest is killed).
set -euo pipefail
cd "$(dirname "$0")/.."
export TOOLGATE_COMPOSE_PROJECT="${TOOLGATE_COMPOSE_PROJECT:-toolgate-e2e-$$}"
export TOOLGATE_COMPOSE_REPORT="${TOOLGATE_COMPOSE_REPORT:-${TMPDIR:-/tmp}/$TOOLGATE_COMPOSE_PROJECT.json}"
budget="${TOOLGATE_COMPOSE_TIMEOUT:-840}"   # seconds for the whole run

command -v docker >/dev/null && docker info >/dev/null 2>&1 \
  || { echo "test:compose needs a running Docker engine (bash .ci/container-engine.sh starts one)" >&2; exit 1; }

cleanup() {
  # Without its compose files, by label: whatever of the projects still exists goes (the stack,
  # and the one with a servers file: compose/remote-stack.test.ts).
  local project
  for project in "$TOOLGATE_COMPOSE_PROJECT" "$TOOLGATE_COMPOSE_PROJECT-remote"; do
    local label="label=com.docker.compose.project=$project"
    local ids; ids=$(docker ps -aq --filter "$label")
    [[ -z $ids ]] || { echo "test:compose: removing $(wc -w <<<"$ids") leftover containers" >&2; docker rm -f $ids >/dev/null; }
    local networks; networks=$(docker network ls -q --filter "$label")
    [[ -z $networks ]] || docker network rm $networks >/dev/null
    local volumes; volumes=$(docker volume ls -q --filter "$label")
    [[ -z $volumes ]] || docker volume rm $volumes >/dev/null
    rm -rf "${TMPDIR:-/tmp}/toolgate-compose-$project"
  done
}
trap cleanup EXIT

NODE_OPTIONS=--experimental-vm-modules timeout --kill-after=10 "$budget" \
  jest --config jest.compose.config.js --runInBand "$@"
