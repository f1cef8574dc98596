import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  // One file per area (fees in several: fee-*.ts); columns.ts holds no tables.
  schema: './src/server/db/schema/*.ts',
  out: './drizzle',
})
