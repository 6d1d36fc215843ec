#!/bin/sh
# The nginx container's entrypoint: render the config from the environment (compose passes
# the packs' addresses and segments), check it, and run nginx in the foreground as PID 1.
set -eu
out=/tmp/toolgate-nginx
sh /etc/toolgate/nginx/render.sh "$out" >/dev/null
nginx -t -q -c "$out/nginx.conf"
exec nginx -c "$out/nginx.conf"
