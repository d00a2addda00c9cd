import { defineConfig } from "drizzle-kit";

// Used only by `npm run db:generate`; migrations are applied in code at start (server/db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./drizzle",
  casing: "snake_case",
});
