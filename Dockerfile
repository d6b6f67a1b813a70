# syntax=docker/dockerfile:1
# Vidshare in a container: Node.js 24 (the official binary, from the npm registry, as
# scripts/node24.sh gets it), Debian's current ffmpeg, a non-root user, DATA_DIR on a volume.
#
#   docker build --secret id=ca,src=/etc/ssl/certs/ca-certificates.crt -t vidshare .
#   docker run -p 3000:3000 -v vidshare-data:/data vidshare
#
# The `ca` secret is optional: extra CA certificates for a TLS-inspecting proxy between the
# build and the npm registry.

# ---- Node.js 24 and npm 11, fetched with Debian's own npm -------------------------------
FROM debian:bookworm-slim AS node
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates nodejs npm \
 && rm -rf /var/lib/apt/lists/*
RUN --mount=type=secret,id=ca \
    set -eu; \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    arch="$(dpkg --print-architecture)"; \
    case "$arch" in amd64) arch=x64 ;; arm64) arch=arm64 ;; *) echo "unsupported: $arch" >&2; exit 1 ;; esac; \
    mkdir -p /tmp/fetch && cd /tmp/fetch; \
    npm pack --silent "node-linux-$arch@24" npm@11; \
    mkdir -p /opt/node /opt/npm; \
    tar -xzf node-linux-*.tgz -C /opt/node --strip-components=1; \
    tar -xzf npm-*.tgz -C /opt/npm --strip-components=1; \
    /opt/node/bin/node --version

# ---- Build: the web app and the server, then the server's runtime dependencies only ------
FROM debian:bookworm-slim AS build
COPY --from=node /opt/node /opt/node
COPY --from=node /opt/npm /opt/npm
ENV PATH=/opt/node/bin:$PATH \
    npm_config_update_notifier=false
RUN ln -s /opt/npm/bin/npm-cli.js /opt/node/bin/npm
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=ca \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm ci --no-audit --no-fund
COPY . .
RUN npm run build
RUN --mount=type=secret,id=ca \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm ci --omit=dev --no-audit --no-fund \
 # Debian's ffmpeg replaces the 2018 build shipped in these optional packages.
 && rm -rf node_modules/@ffmpeg-installer node_modules/@ffprobe-installer

# ---- Runtime -----------------------------------------------------------------------------
FROM debian:bookworm-slim
# Debian's current ffmpeg comes from bookworm-security; a base without that source gets it.
RUN set -eu; \
    if ! grep -rqs 'bookworm-security' /etc/apt/sources.list /etc/apt/sources.list.d/; then \
      printf 'Types: deb\nURIs: http://deb.debian.org/debian-security\nSuites: bookworm-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        > /etc/apt/sources.list.d/debian-security.sources; \
    fi; \
    apt-get update; \
    apt-get install -y --no-install-recommends ca-certificates ffmpeg; \
    rm -rf /var/lib/apt/lists/*; \
    useradd --system --uid 10001 --user-group --home-dir /app --no-create-home vidshare; \
    mkdir -p /data; \
    chown vidshare:vidshare /data
COPY --from=node /opt/node/bin/node /usr/local/bin/node
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/web/dist ./web/dist
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    FFMPEG_PATH=/usr/bin/ffmpeg \
    FFPROBE_PATH=/usr/bin/ffprobe
USER vidshare
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/v1/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is process 1, so `docker stop` (SIGTERM) reaches it and the server drains
# (SHUTDOWN_TIMEOUT_MS, 10 s by default: give `docker stop -t` a little more).
CMD ["node", "server/dist/main.js"]
