#!/bin/sh
# Renders toolgate's nginx config into OUTPUT_DIR from the templates beside this script.
# Used by the nginx container at start (docker compose) and by the end-to-end tests, so the
# config that CI runs in front of real pack processes is the one that ships.
#
# Input (environment):
#   TOOLGATE_UPSTREAMS  packs and their replicas: "name=host:port[,host:port…] …"
#                       compose: "quotes=quotes:8085 …"; tests: "echo=127.0.0.1:4101,127.0.0.1:4102"
#   <NAME>_SEGMENT      path segment of a pack (default: its name), as the packs read it
#   TOOLGATE_ONE_URL    the replicas of the service that serves /mcp, every pack at one URL (the
#                       all-in-one gateway): "host:port[,host:port…]"; unset: nginx answers /mcp 404
#   TOOLGATE_PAGE_PACK  the pack whose service answers the catalog page at / (default: the one-URL
#                       service when there is one, else the first pack listed)
#   NGINX_LISTEN, NGINX_RESOLVER, NGINX_UPSTREAM_SERVER_PARAMS, NGINX_CLIENT_MAX_BODY_SIZE,
#   NGINX_PROXY_READ_TIMEOUT, NGINX_CONNECTIONS_PER_CLIENT, NGINX_WORKER_PROCESSES, NGINX_RUN_DIR, NGINX_ERROR_LOG,
#   NGINX_ACCESS_LOG, NGINX_MODULES_DIR: see the defaults below and .env.example.
set -eu

fail() { echo "render.sh: $*" >&2; exit 1; }

here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 1 ] || fail "usage: render.sh OUTPUT_DIR"
mkdir -p "$1/packs"
out=$(cd "$1" && pwd)
[ -n "${TOOLGATE_UPSTREAMS:-}" ] || fail 'TOOLGATE_UPSTREAMS is empty: list the packs, e.g. "quotes=quotes:8085"'

export NGINX_LISTEN="${NGINX_LISTEN:-8080}"
export NGINX_CLIENT_MAX_BODY_SIZE="${NGINX_CLIENT_MAX_BODY_SIZE:-1m}"
export NGINX_PROXY_READ_TIMEOUT="${NGINX_PROXY_READ_TIMEOUT:-30s}"
export NGINX_CONNECTIONS_PER_CLIENT="${NGINX_CONNECTIONS_PER_CLIENT:-64}"
export NGINX_WORKER_PROCESSES="${NGINX_WORKER_PROCESSES:-auto}"
export NGINX_RUN_DIR="${NGINX_RUN_DIR:-$out/run}"
export NGINX_ERROR_LOG="${NGINX_ERROR_LOG:-stderr}"
export NGINX_ACCESS_LOG="${NGINX_ACCESS_LOG:-/dev/stdout}"
export NGINX_MODULES_DIR="${NGINX_MODULES_DIR:-/usr/lib/nginx/modules}"
export NGINX_CONF_DIR="$out"
server_params="${NGINX_UPSTREAM_SERVER_PARAMS:-}"

# Docker's DNS (127.0.0.11) with "resolve" on each server: replicas added by
# `docker compose up --scale` are found without a reload. A short validity follows them closely.
if [ -n "${NGINX_RESOLVER:-}" ]; then
  export NGINX_RESOLVER_DIRECTIVE="    resolver ${NGINX_RESOLVER} valid=5s ipv6=off;
    resolver_timeout 2s;"
else
  export NGINX_RESOLVER_DIRECTIVE="    # no resolver: every upstream server is a fixed address"
fi

# The values land in nginx syntax: only plain names, addresses and sizes get through.
check() { # value, allowed-character class ("]" first, if any), what
  case "$1" in '' | *[!$2]*) fail "invalid $3: \"$1\"" ;; esac
}
check "$NGINX_LISTEN" ']A-Za-z0-9.:[' NGINX_LISTEN
check "$NGINX_CLIENT_MAX_BODY_SIZE" '0-9kKmMgG' NGINX_CLIENT_MAX_BODY_SIZE
check "$NGINX_PROXY_READ_TIMEOUT" '0-9mshd' NGINX_PROXY_READ_TIMEOUT
check "$NGINX_CONNECTIONS_PER_CLIENT" '0-9' NGINX_CONNECTIONS_PER_CLIENT
check "$NGINX_WORKER_PROCESSES" 'a-z0-9' NGINX_WORKER_PROCESSES
[ -z "$server_params" ] || check "$server_params" 'a-z0-9=_ ' NGINX_UPSTREAM_SERVER_PARAMS

# An upstream group's `server` lines, into $lines: "host:port[,host:port…]", each checked.
server_lines() { # servers, what
  lines=""
  old_ifs=$IFS
  IFS=,
  for server in $1; do
    check "$server" ']A-Za-z0-9.:[_-' "$2"
    lines="${lines}    server ${server} max_fails=1 fail_timeout=5s${server_params:+ $server_params};
"
  done
  IFS=$old_ifs
}

rm -f "$out"/packs/*.conf
health_packs=""
for entry in $TOOLGATE_UPSTREAMS; do
  name=${entry%%=*}
  servers=${entry#*=}
  [ "$name" != "$entry" ] || fail "TOOLGATE_UPSTREAMS entry \"$entry\" is not name=host:port[,host:port]"
  check "$name" 'a-z0-9' "pack name"
  upper=$(printf '%s' "$name" | tr 'a-z' 'A-Z')
  eval "segment=\${${upper}_SEGMENT:-$name}" # safe: $upper is [A-Z0-9] only
  check "$segment" 'A-Za-z0-9._-' "${upper}_SEGMENT"

  server_lines "$servers" "server of pack $name"
  [ -n "$lines" ] || fail "pack $name has no servers"

  export PACK_NAME="$name" PACK_SEGMENT="$segment" PACK_SERVERS="$lines"
  envsubst '${PACK_NAME} ${PACK_SEGMENT} ${PACK_SERVERS}' <"$here/templates/upstream.conf.template" >"$out/packs/$name.upstream.conf"
  envsubst '${PACK_NAME} ${PACK_SEGMENT}' <"$here/templates/location.conf.template" >"$out/packs/$name.location.conf"
  health_packs="${health_packs:+$health_packs }$name"
done

# /mcp: every pack at one URL, from the service that serves them all in one process (the
# all-in-one gateway; docs/deployment.md#one-url). Its upstream is named one_url: no pack can be
# (pack names have no "_"). Its readiness counts in /healthz as a pack's does.
if [ -n "${TOOLGATE_ONE_URL:-}" ]; then
  server_lines "$TOOLGATE_ONE_URL" "server of TOOLGATE_ONE_URL"
  export PACK_NAME=one_url PACK_SERVERS="$lines"
  envsubst '${PACK_NAME} ${PACK_SERVERS}' <"$here/templates/upstream.conf.template" >"$out/packs/one_url.upstream.conf"
  envsubst '${PACK_NAME}' <"$here/templates/one-url.conf.template" >"$out/packs/one_url.location.conf"
  health_packs="$health_packs one_url"
  default_page=one_url
  export TOOLGATE_ENDPOINTS='/mcp (every pack) and /<pack>/mcp'
else
  default_page="${health_packs%% *}"
  export TOOLGATE_ENDPOINTS='/<pack>/mcp'
fi
export TOOLGATE_HEALTH_PACKS="$health_packs"

# The catalog page (GET / and its assets) comes from one service: the one-URL service, which
# serves every pack itself, or a pack's, which shows the others through CATALOG_PEERS
# (docs/catalog-page.md#through-nginx).
page_pack="${TOOLGATE_PAGE_PACK:-$default_page}"
case " $health_packs " in *" $page_pack "*) ;; *) fail "TOOLGATE_PAGE_PACK \"$page_pack\" is not one of the packs: $health_packs" ;; esac
export TOOLGATE_PAGE_PACK="$page_pack"

mkdir -p "$NGINX_RUN_DIR"
cp "$here/health.js" "$out/health.js"
envsubst '${NGINX_MODULES_DIR} ${NGINX_WORKER_PROCESSES} ${NGINX_RUN_DIR} ${NGINX_ERROR_LOG} ${NGINX_ACCESS_LOG}
  ${NGINX_RESOLVER_DIRECTIVE} ${NGINX_CONF_DIR} ${NGINX_LISTEN} ${NGINX_CLIENT_MAX_BODY_SIZE}
  ${NGINX_PROXY_READ_TIMEOUT} ${NGINX_CONNECTIONS_PER_CLIENT} ${TOOLGATE_HEALTH_PACKS} ${TOOLGATE_PAGE_PACK} ${TOOLGATE_ENDPOINTS}' <"$here/templates/nginx.conf.template" >"$out/nginx.conf"
echo "$out/nginx.conf"
