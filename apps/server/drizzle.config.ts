import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module keeps its tables in a schema.ts of its own folder (db/, projects/, ...).
  schema: './src/**/schema.ts',
  out: './drizzle',
});
