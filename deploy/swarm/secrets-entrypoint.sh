#!/bin/sh
# The entrypoint of every toolgate service on Docker Swarm (deploy/swarm/stack.yml, mounted as a
# swarm config). Swarm hands secrets over as files, toolgate reads variables: each file
# /run/secrets/<NAME> becomes $NAME, its content (trailing newlines dropped), or for a name
# ending in _FILE (API_KEYS_FILE) its path. A blank file leaves the variable unset: swarm refuses
# an empty secret, so a newline is how an operator says "none". Then the service's command runs.
set -eu
dir="${TOOLGATE_SECRETS_PATH:-/run/secrets}"
for file in "$dir"/*; do
  [ -f "$file" ] || continue
  name=${file##*/}
  # Only names a variable can have ([A-Z][A-Z0-9_]*): nothing else reaches `export`.
  case "$name" in [A-Z]*) ;; *) continue ;; esac
  case "$name" in *[!A-Z0-9_]*) continue ;; esac
  value=$(cat "$file")
  [ -n "$(printf '%s' "$value" | tr -d ' \t\r\n')" ] || continue
  case "$name" in
    *_FILE) export "$name=$file" ;;
    *) export "$name=$value" ;;
  esac
done
exec "$@"
