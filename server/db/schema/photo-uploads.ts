import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAtColumn, requiredRef } from "./columns";
import { properties } from "./properties";
import { users } from "./users";

/**
 * Tickets for photos a browser sends straight to the photo store: who may complete one, for which listing (none for
 * the person's own profile photo), what was declared, and until when. `used_at` makes a ticket single-use: completing it twice, or after it expired, is
 * refused. Old tickets are deleted by the upload sweep job.
 */
export const photoUploads = pgTable(
  "photo_uploads",
  {
    /** 32 random hex digits; the upload's object in the store is `uploads/<id>`. */
    id: text("id").primaryKey(),
    /** Null: the uploader's profile photo. */
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "cascade" }),
    userId: requiredRef("user_id", () => users.id, "cascade"),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    declaredBytes: integer("declared_bytes").notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("photo_uploads_expires_idx").on(t.expiresAt)],
);
