// drizzle-kit reads this to generate SQL migrations from server/db/schema.ts (`npm run db:generate`).
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
