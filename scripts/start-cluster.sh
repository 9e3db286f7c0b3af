#!/usr/bin/env bash
# `npm run start:cluster`: the multi-instance topology of deploy/compose.yaml on this one machine (decision 0024).
#
#   browser -> nginx :PORT (8080) -> instance a :PORT+1, instance b :PORT+2 -> PostgreSQL + Redis
#
# Builds the client, creates the database when missing, installs Debian's nginx when missing (root + apt-get), starts
# both instances and nginx (a foreground child with its own config under data/cluster/, never the system service),
# waits until both instances answer /readyz, prints the URL, and on Ctrl-C or SIGTERM stops all three.
#
# Environment: PORT (nginx, 8080), DATABASE_URL (postgres://postgres@127.0.0.1:5432/cfd_cluster), REDIS_URL
# (redis://127.0.0.1:6379/0), CLUSTER_PORT_A / CLUSTER_PORT_B (PORT+1, PORT+2), CLUSTER_DIR (data/cluster),
# CLUSTER_SKIP_BUILD=1 (serve the dist/ there is), PUBLIC_URL (http://localhost:PORT); anything else the server reads
# (SEED_DEMO, RATE_LIMIT_MULTIPLIER, PRICE_*, LOG_LEVEL, ...) reaches both instances.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${PORT:-8080}
PORT_A=${CLUSTER_PORT_A:-$((PORT + 1))}
PORT_B=${CLUSTER_PORT_B:-$((PORT + 2))}
DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/cfd_cluster}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379/0}
CLUSTER_DIR=$(mkdir -p "${CLUSTER_DIR:-data/cluster}" && cd "${CLUSTER_DIR:-data/cluster}" && pwd)
PUBLIC_URL=${PUBLIC_URL:-http://localhost:$PORT}
READY_TIMEOUT_S=${CLUSTER_READY_TIMEOUT_S:-120}
TSX=(node --import tsx)

say() { printf '%s\n' "$*"; }
fail() {
  printf 'start-cluster: %s\n' "$*" >&2
  exit 1
}

# Answers whether something accepts connections on 127.0.0.1:$1.
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# The HTTP status of GET $2 on 127.0.0.1:$1, or nothing when it does not answer.
http_status() {
  curl -s -o /dev/null -m 3 -w '%{http_code}' "http://127.0.0.1:$1$2" 2>/dev/null || true
}

for port in "$PORT" "$PORT_A" "$PORT_B"; do
  port_open "$port" && fail "port $port is in use (set PORT, CLUSTER_PORT_A or CLUSTER_PORT_B)"
done
command -v curl >/dev/null || fail "curl is needed to wait for the instances"

# The client, as `npm start` does: every instance serves the same dist/.
if [ "${CLUSTER_SKIP_BUILD:-}" = "1" ] && [ -f dist/index.html ]; then
  say "Serving the existing dist/ (CLUSTER_SKIP_BUILD=1)."
else
  npm run build
fi

bash scripts/ensure-nginx.sh
"${TSX[@]}" scripts/cluster/postgres.ts "$DATABASE_URL"
if command -v redis-cli >/dev/null; then
  [ "$(redis-cli -u "$REDIS_URL" ping 2>/dev/null)" = "PONG" ] || fail "Redis at $REDIS_URL does not answer"
fi

PIDS=()
NAMES=()
STOPPING=0

stop_all() {
  STOPPING=1
  trap - INT TERM
  [ "${#PIDS[@]}" -gt 0 ] || return 0
  say ""
  say "Stopping nginx and the instances..."
  local i pid
  # nginx first (no new requests), gracefully; the instances hand leadership over and close their sockets.
  for i in "${!PIDS[@]}"; do
    pid=${PIDS[$i]}
    if [ "${NAMES[$i]}" = nginx ]; then kill -QUIT "$pid" 2>/dev/null || true; else kill -TERM "$pid" 2>/dev/null || true; fi
  done
  for _ in $(seq 1 120); do
    local alive=0
    for pid in "${PIDS[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  for pid in "${PIDS[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  say "Stopped."
}
trap 'stop_all; exit 130' INT
trap 'stop_all; exit 143' TERM
trap '[ "$STOPPING" = 1 ] || stop_all' EXIT

start_instance() {
  local id=$1 port=$2
  mkdir -p "$CLUSTER_DIR/$id"
  PORT=$port HOST=127.0.0.1 INSTANCE_ID=$id DATA_DIR="$CLUSTER_DIR/$id" DATABASE_URL=$DATABASE_URL \
    REDIS_URL=$REDIS_URL TRUST_PROXY=1 PUBLIC_URL=$PUBLIC_URL \
    "${TSX[@]}" server/server.ts >"$CLUSTER_DIR/$id.log" 2>&1 &
  PIDS+=("$!")
  NAMES+=("instance $id")
}

start_instance a "$PORT_A"
start_instance b "$PORT_B"

NGINX_CONF=$("${TSX[@]}" scripts/cluster/nginx.ts --port "$PORT" --runtime-dir "$CLUSTER_DIR/nginx" \
  --upstream "127.0.0.1:$PORT_A" --upstream "127.0.0.1:$PORT_B")
NGINX=${NGINX_PATH:-$(command -v nginx || echo /usr/sbin/nginx)}
"$NGINX" -c "$NGINX_CONF" -g 'daemon off;' &
PIDS+=("$!")
NAMES+=(nginx)

say "Waiting for both instances to be ready (logs: $CLUSTER_DIR/a.log, b.log)..."
deadline=$((SECONDS + READY_TIMEOUT_S))
for port in "$PORT_A" "$PORT_B"; do
  until [ "$(http_status "$port" /readyz)" = "200" ]; do
    for i in "${!PIDS[@]}"; do
      kill -0 "${PIDS[$i]}" 2>/dev/null || {
        [ "${NAMES[$i]}" = nginx ] || tail -n 30 "$CLUSTER_DIR/${NAMES[$i]#instance }.log" >&2
        fail "${NAMES[$i]} exited while starting"
      }
    done
    [ "$SECONDS" -lt "$deadline" ] || fail "instance on port $port not ready within ${READY_TIMEOUT_S} s ($(http_status "$port" /readyz))"
    sleep 0.5
  done
done
until port_open "$PORT"; do
  [ "$SECONDS" -lt "$deadline" ] || fail "nginx does not listen on port $PORT (see $CLUSTER_DIR/nginx/error.log)"
  sleep 0.2
done

cat <<EOF

  CFD Trader is running at http://localhost:$PORT/  (nginx -> instances a :$PORT_A and b :$PORT_B)
  Database: $DATABASE_URL   Redis: $REDIS_URL
  Logs: $CLUSTER_DIR/a.log, $CLUSTER_DIR/b.log, $CLUSTER_DIR/nginx/{access,error}.log
  Instance a is process ${PIDS[0]}, b ${PIDS[1]}: stop one (kill ${PIDS[0]}) and the other serves everything.
  Ctrl-C stops all three.

EOF

# Runs until Ctrl-C. An instance that stops is reported and nginx sends everything to the other; when nginx stops,
# or both instances have, the rest is stopped too.
set +e
live=("${PIDS[@]}")
while :; do
  wait -n "${live[@]}"
  status=$?
  next=()
  for pid in "${live[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then
      next+=("$pid")
      continue
    fi
    for i in "${!PIDS[@]}"; do
      [ "${PIDS[$i]}" = "$pid" ] && say "start-cluster: ${NAMES[$i]} (process $pid) stopped (exit status $status)." >&2
    done
    [ "$pid" = "${PIDS[2]}" ] && { stop_all; exit 1; }
  done
  live=("${next[@]}")
  [ "${#live[@]}" -gt 1 ] || { stop_all; exit 1; }
done
