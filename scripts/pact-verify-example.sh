#!/usr/bin/env bash
# The recipe for backend teams (docs/contract.md), run against the mock provider (CI runs it in `npm run test:contract`):
# start a provider with its provider-state endpoint, then `npm run pact:verify:provider` against it.
set -euo pipefail
PORT="${PACT_EXAMPLE_PORT:-3399}"
KEY="pact-example-$RANDOM$RANDOM"
PROVIDER="http://127.0.0.1:$PORT"

# The mock, in memory, as of the day the pact's examples are written around, with its test-only state endpoint.
if curl -fs "$PROVIDER/health" > /dev/null 2>&1; then echo "Port $PORT is taken: set PACT_EXAMPLE_PORT." >&2; exit 1; fi
# (node itself, not npx, so the PID is the mock's own and the trap stops it.)
MOCK_PACT_STATES=on MOCK_DEV_KEY="$KEY" MOCK_TODAY=2026-11-22T10:00:00 \
  node --import tsx mock-server/main.ts --memory --port "$PORT" > /tmp/pact-example-mock.log 2>&1 &
MOCK_PID=$!
trap 'kill "$MOCK_PID" 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do
  curl -fs "$PROVIDER/health" > /dev/null && break
  kill -0 "$MOCK_PID" 2>/dev/null || { cat /tmp/pact-example-mock.log; exit 1; } # it could not start (port taken?)
  sleep 0.5
done

PACT_STATES_SETUP_URL="$PROVIDER/__dev/pact-states?key=$KEY" \
  npm run --silent pact:verify:provider -- --provider-base-url "$PROVIDER"
