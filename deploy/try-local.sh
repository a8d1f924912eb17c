#!/usr/bin/env bash
# What of compose.yaml this machine can run without a container engine: two app processes
# (the built dist/main.js, as the app containers run it) on the local PostgreSQL (a schema of their own) and Redis, behind nginx
# with compose's nginx.conf (upstream pointed at the two ports). Checks through nginx: readiness, a member's
# session served by both processes, a purchase, then one process stopped with SIGTERM under a GET load and
# restarted: no failed request. Uploads to an S3-compatible store are covered by the server tests' fake S3.
# Needs: nginx (apt-get install nginx-light), PostgreSQL on 127.0.0.1:5432 (db test), Redis on 127.0.0.1:6379.
set -euo pipefail
cd "$(dirname "$0")/.."
PG="${PG_URL:-postgres://127.0.0.1:5432/test}"
SCHEMA="deploy_$(date +%s)"
WORK="$(mktemp -d)"
P1=3601 P2=3602 PROXY=3600
cleanup() {
  [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  for p in "$WORK"/app*.pid; do [ -f "$p" ] && kill "$(cat "$p")" 2>/dev/null || true; done
  sleep 1
  psql "$PG" -qc "drop schema if exists $SCHEMA cascade; drop schema if exists ${SCHEMA}_boss cascade" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
psql "$PG" -qc "create schema $SCHEMA"
export DATABASE_URL="$PG?options=-c%20search_path%3D$SCHEMA" PGBOSS_SCHEMA="${SCHEMA}_boss" REDIS_URL=redis://127.0.0.1:6379
export SESSION_SECRET=deploy-try-deploy-try-deploy-try-deploy-try TRUST_PROXY=1 SHUTDOWN_DRAIN_MS=2000 LOG_LEVEL=warn
export PUBLIC_URL="http://127.0.0.1:$PROXY" WEB_DIST=/nonexistent DEMO_DATA=1

npm run build --workspace apps/server >/dev/null
start_app() { # port, name
  PORT=$1 node apps/server/dist/main.js >"$WORK/$2.log" 2>&1 &
  echo $! >"$WORK/$2.pid"
  for _ in $(seq 1 120); do curl -fs "127.0.0.1:$1/readyz" >/dev/null 2>&1 && return 0; sleep 0.5; done
  cat "$WORK/$2.log"; return 1
}
start_app $P1 app1
DEMO_DATA=0 start_app $P2 app2

sed -e "s/server app:3000 max_fails=1 fail_timeout=5s;/server 127.0.0.1:$P1 max_fails=1 fail_timeout=5s; server 127.0.0.1:$P2 max_fails=1 fail_timeout=5s;/" \
  -e "s/listen 80;/listen 127.0.0.1:$PROXY;/" deploy/nginx.conf >"$WORK/site.conf"
cat >"$WORK/nginx.conf" <<CONF
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $WORK; proxy_temp_path $WORK; fastcgi_temp_path $WORK; uwsgi_temp_path $WORK; scgi_temp_path $WORK;
  include $WORK/site.conf;
}
CONF
nginx -t -c "$WORK/nginx.conf" 2>&1 | tail -1
nginx -c "$WORK/nginx.conf"
sleep 0.5
echo "readiness through nginx: $(curl -fs 127.0.0.1:$PROXY/readyz)"
echo "/metrics through nginx: HTTP $(curl -s -o /dev/null -w '%{http_code}' 127.0.0.1:$PROXY/metrics) (blocked)"

npx tsx deploy/try-local.ts "http://127.0.0.1:$PROXY" "$WORK/app1.pid" "$P1"
echo "try-local: all checks passed"
