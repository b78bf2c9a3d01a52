#!/usr/bin/env bash
# The front end's chain and the server suite side by side (the server suite needs no build). The
# front's output streams; the server's is printed once it ends. When a part fails, its failures are
# repeated at the very end: a CI log is often read from its tail, where a failure printed minutes
# earlier, above the other part's output, would otherwise be out of sight.
set -u
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

(set -o pipefail; npm run test:front 2>&1 | tee "$logs/front.log") &
front_pid=$!
npm run test:server >"$logs/server.log" 2>&1 &
server_pid=$!

front_status=0
wait "$front_pid" || front_status=$?
server_status=0
wait "$server_pid" || server_status=$?
cat "$logs/server.log"

summary() { # part, status
  [ "$2" = 0 ] && { echo "test:$1 passed"; return; }
  echo "test:$1 FAILED (exit $2). Its failure lines, then its last 40 lines:"
  grep -aE '✘|FAIL|×|Error:|ERR!|exited with code|Timed out|timed out' "$logs/$1.log" | head -60
  echo '…'
  tail -n 40 "$logs/$1.log"
}
echo
echo '== summary =='
summary front "$front_status"
summary server "$server_status"
[ "$front_status" = 0 ] && [ "$server_status" = 0 ]
