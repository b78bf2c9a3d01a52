#!/bin/sh
# Generates a SQL migration from src/db/schema.ts into migrations/ (commit the result).
# drizzle-kit is hoisted to the root node_modules while drizzle-orm stays in server/node_modules,
# and drizzle-kit's dynamic import of drizzle-orm cannot see the latter: run a copy placed beside it.
set -e
cd "$(dirname "$0")/.."
if [ ! -d node_modules/drizzle-kit ]; then cp -r ../node_modules/drizzle-kit node_modules/drizzle-kit; fi
node node_modules/drizzle-kit/bin.cjs generate "$@"
# New tables need `GRANT ... TO bo_app`, ENABLE ROW LEVEL SECURITY and a company_isolation policy:
# add them with `npm run db:generate -w server -- --custom --name <name>` (see 0001).
