#!/usr/bin/env bash
# A longer fuzz run than npm test's: more decoder mutations and devnet requests, random seeds
# (printed, so a failure can be replayed with FUZZ_SEED=<seed>).
set -euo pipefail
cd "$(dirname "$0")/.."
seed="${FUZZ_SEED:-$RANDOM$RANDOM}"
echo "fuzz seed: $seed"
FUZZ_SEED="$seed" FUZZ_RUNS="${FUZZ_RUNS:-20000}" FUZZ_REQUESTS="${FUZZ_REQUESTS:-100000}" \
  npx vitest run test/fuzz --testTimeout=600000
