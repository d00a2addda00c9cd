# StayLondon in a container: `docker build -t staylondon .`, then run it with DATABASE_URL pointing at PostgreSQL
# (compose.yaml does both). See docs/deploy.md for the settings a production host needs.

# --- build: every dependency, the browser bundle, the server renderer and the server bundle
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# --- run: only what the server reads at runtime, as an unprivileged user
FROM node:20-bookworm-slim
# No demo data (its accounts' password is published) and no dev outbox unless the deployment asks for them.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=5000 DATA_DIR=/data SEED_DEMO_DATA=false DEV_OUTBOX=false
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
# Migrations (applied at start), the demo photos and the UK places list.
COPY --from=build --chown=node:node /app/drizzle ./drizzle
COPY --from=build --chown=node:node /app/server/assets ./server/assets
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 5000
VOLUME /data
# Alive, not ready: a restart policy must not restart every instance when the database is down (/readyz is for
# the load balancer).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "run", "start:built"]
