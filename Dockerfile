# Stash in a container: the README's install, build and start (npm install, npm run build,
# npm start) on Node 20, Debian slim. docs/operations.md ("Running with Docker") shows how to run it,
# with compose.yaml for Stash and its PostgreSQL.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build
# The build tools go: only the packages the server runs with stay.
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
# Listen on every interface of the container (the default, 127.0.0.1, is unreachable from outside);
# without DATABASE_URL the embedded database lives in /data (mount a volume there).
ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/scripts ./scripts
# Migrations run at start-up from here (src/server/paths.ts).
COPY --from=build /app/src/server/db/migrations ./src/server/db/migrations
# Last, so the build is newer than everything `npm start` compares it with and is used as it is.
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches the server through npm, which then drains its work (docs/operations.md).
CMD ["npm", "start"]
