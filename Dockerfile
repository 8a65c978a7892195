# One image for the backend (serving the built frontend) and the worker; the command picks which.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
# patches/: fixes applied to dependencies by the postinstall script (patch-package)
COPY patches/ patches/
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY worker/package.json worker/
COPY frontend/package.json frontend/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build --workspace frontend
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
# node itself, not npx: npm as PID 1 would not pass SIGTERM on, and the graceful shutdown would never run.
CMD ["node", "--import", "tsx", "backend/src/server.ts"]
