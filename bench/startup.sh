#!/usr/bin/env bash
# Start-up benchmark of the kurel CLI; see bench/README.md.
exec node "$(dirname "$0")/startup.mjs" "$@"
