# kurel's image, one for both places kurel runs inside other tools:
#   - a KRM function: the default command is `kurel fn` (docs/krm-function.md);
#   - the Argo CD Config Management Plugin sidecar: argocd-cmp-server runs `kurel cmp generate`
#     as deploy/argocd/plugin.yaml, baked in below, says (docs/argocd.md).
# Build: docker build -t ghcr.io/example/kurel:0.1.0 .

FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY . .
# npm ci runs the prepare step, which compiles and bundles kurel into dist/ and writes oclif.manifest.json.
RUN npm ci --no-audit --no-fund

# No shell, no package manager: Node and kurel's bundle, which needs no node_modules at run time.
FROM gcr.io/distroless/nodejs20-debian12:nonroot
COPY --from=build /src/package.json /app/package.json
COPY --from=build /src/oclif.manifest.json /app/oclif.manifest.json
COPY --from=build /src/bin /app/bin
COPY --from=build /src/dist/bundle /app/dist/bundle
COPY deploy/argocd/plugin.yaml /home/argocd/cmp-server/config/plugin.yaml
USER nonroot
# A KRM function's relative paths (a KurelPackage's spec.path) are read from here: mount packages under it.
WORKDIR /work
# Node runs bin/kurel itself: the sh lines at its top are for starting it from a shell.
ENTRYPOINT ["/nodejs/bin/node", "/app/bin/kurel"]
CMD ["fn"]
