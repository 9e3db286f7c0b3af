#!/usr/bin/env bash
# The local cluster (scripts/start-cluster.sh), the multi-instance end-to-end tests, the benches' HTTP/2 front and its
# integration test put Debian's nginx in front of the instances, run as a foreground child with a config of their own
# (never the system service). Install it with apt when we can (root + apt-get), else say exactly what is missing.
set -euo pipefail
NGINX=${NGINX_PATH:-$(command -v nginx || echo /usr/sbin/nginx)}
if [ -x "$NGINX" ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "nginx is missing: installing Debian's nginx with apt-get (about 15 s)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
  [ -x "$NGINX" ] && exit 0
fi
echo "Running more than one instance locally needs nginx at $NGINX." >&2
echo "Install it with: sudo apt-get install -y nginx   (or set NGINX_PATH to another nginx binary)" >&2
exit 1
