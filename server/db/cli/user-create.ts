// `npm run user:create -- --email <e> --password <p> --role <role> [--first-name <n>] [--last-name <n>]`
// Creates a user of any role, e-mail and phone verified and approved, or updates the role and password
// of an existing one; prints the id. Works against DATABASE_URL or the embedded database, whether
// or not the app is running.
import { parseArgs } from "node:util";
import { hash } from "@node-rs/argon2";
import { z } from "zod";
import { ROLES } from "../../../common/domain/roles";
import { loadConfig } from "../../config/env";
import { passwordProblem } from "../../lib/password-policy";
import { findUserByEmail, insertUser, updateUser } from "../../repositories/users.repository";
import { connectDatabase } from "../connect";

const ZArgs = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "--email must be a valid e-mail address" })),
  password: z.string({ error: "--password is required" }),
  role: z.enum(ROLES, { error: `--role must be one of ${ROLES.join(", ")}` }),
  "first-name": z.string().trim().max(100).optional(),
  "last-name": z.string().trim().max(100).optional(),
});

function fail(message: string): never {
  process.stderr.write(`user:create: ${message}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    role: { type: "string" },
    "first-name": { type: "string" },
    "last-name": { type: "string" },
  },
  strict: true,
});
const parsed = ZArgs.safeParse(values);
if (!parsed.success) fail(parsed.error.issues.map((i) => i.message).join("; "));
const args = parsed.data;
const problem = passwordProblem(args.password, args.email);
if (problem) fail(problem);

const database = await connectDatabase(loadConfig(), (m) => process.stderr.write(`${m}\n`));
try {
  const passwordHash = await hash(args.password);
  const now = new Date();
  const existing = await findUserByEmail(database.db, args.email);
  if (existing) {
    await updateUser(database.db, existing.id, { role: args.role, passwordHash });
    process.stdout.write(`Updated user ${existing.id} (${args.email}): role ${args.role}, new password\n`);
  } else {
    const created = await insertUser(database.db, {
      email: args.email,
      passwordHash,
      role: args.role,
      firstName: args["first-name"] ?? null,
      lastName: args["last-name"] ?? null,
      provider: "email",
      emailVerified: true,
      phoneVerified: true,
      isApproved: true,
      approvedAt: now,
    });
    if (!created) fail(`${args.email} was registered at the same moment; run the command again to update it`);
    process.stdout.write(`Created user ${created.id} (${args.email}) with role ${args.role}\n`);
  }
} finally {
  await database.close();
}
