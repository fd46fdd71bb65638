# One image for every role; the command picks the role (npm run start:<role>).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY bus/package.json bus/
COPY feed/package.json feed/
COPY gateway/package.json gateway/
COPY api/package.json api/
COPY server/package.json server/
COPY client/package.json client/
COPY loadtests/package.json loadtests/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
# The uploads volume takes this folder's owner when first mounted: the app user must write it.
RUN mkdir -p /uploads && chown node:node /uploads
USER node
CMD ["npm", "run", "start:api"]
