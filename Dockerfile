# One image per toolgate service, chosen by build argument:
#   docker build --build-arg PACK=quotes -t toolgate/quotes .
# PACK is a directory under services/: chain, concert, game, sports, quotes, gateway (all-in-one), or
# remote (one entry of MCP_SERVERS_FILE, chosen by TOOLGATE_REMOTE: docs/federation.md).
# There is no build step: Node 24 runs the TypeScript sources directly (type stripping).
ARG NODE_IMAGE=node:24-alpine

FROM ${NODE_IMAGE} AS base
ENV CI=true TURBO_TELEMETRY_DISABLED=1
# Both tools in one cached layer: source changes never download them again.
RUN npm install --global --no-fund --no-audit pnpm@12 turbo@2.11.11 && npm cache clean --force

# 1. Cut the monorepo down to the pack, the workspace packages it imports and a matching lockfile.
FROM base AS prune
ARG PACK
WORKDIR /repo
COPY . .
RUN if [ -z "$PACK" ] || [ ! -f "services/$PACK/src/main.ts" ]; then \
      echo "build with --build-arg PACK=<a directory under services/ that has src/main.ts>" >&2; exit 1; \
    fi
# Dev-only workspace packages are devDependencies that prune keeps: they never ship (the jest
# preset would bring the swc compiler along; test-support starts throwaway redis-servers for tests).
RUN turbo prune "@toolgate/$PACK" --docker --out-dir /out \
 && rm -rf /out/json/packages/jest-preset /out/full/packages/jest-preset /out/json/packages/test-support /out/full/packages/test-support

# 2. Every production dependency in the lockfile downloaded once, into a BuildKit cache mount:
#    this stage does not depend on PACK, so the five pack builds share one run of it.
FROM base AS fetch
WORKDIR /fetch
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=cache,id=toolgate-pnpm-store,target=/pnpm-store \
    --mount=type=cache,id=toolgate-pnpm-cache,target=/root/.cache/pnpm \
    pnpm fetch --prod --store-dir /pnpm-store

# 3. The pack's production dependencies, exactly as locked, from that store (no registry).
FROM fetch AS install
ARG PACK
WORKDIR /app
COPY --from=prune /out/json/ .
RUN --mount=type=cache,id=toolgate-pnpm-store,target=/pnpm-store \
    --mount=type=cache,id=toolgate-pnpm-cache,target=/root/.cache/pnpm \
    pnpm install --offline --frozen-lockfile --prod --filter "@toolgate/$PACK..." --store-dir /pnpm-store
COPY --from=prune /out/full/ .
# Tests and test helpers (packages/upstream/testing) stay out of the image.
RUN find packages services -maxdepth 2 -type d \( -name test -o -name testing \) -prune -exec rm -rf {} +

# 4. The runtime: Node 24 and the app, owned by root and run by the unprivileged `node` user,
#    so the process cannot change its own code.
FROM ${NODE_IMAGE} AS runtime
ARG PACK
ENV NODE_ENV=production HOST=0.0.0.0
COPY --from=install /app /app
WORKDIR /app/services/${PACK}
USER node
# PORT: each pack's own default (chain 8081 … quotes 8085, gateway 8080) unless set.
CMD ["node", "src/main.ts"]
