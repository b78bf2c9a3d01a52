import { defineConfig } from 'drizzle-kit';

// Used only to generate SQL migrations (`npm run db:generate -w server`); the app applies the
// committed files in migrations/ itself on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
});
