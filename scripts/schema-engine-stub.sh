#!/bin/sh
# Stands in for Prisma's schema-engine binary during `prisma generate`, which does not call it.
# Migrations are applied by lib/db/migrate.ts instead.
echo "schema-engine is not available here: migrations run through 'npm run db:migrate'" >&2
exit 1
