import { defineConfig } from 'drizzle-kit';

// Only used by `npm run db:generate` (drizzle-kit) to write SQL migrations; nothing reads it at run time.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
