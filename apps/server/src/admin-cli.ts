import { existsSync } from 'node:fs';

import { eq } from 'drizzle-orm';

import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { users } from './db/schema';

const USAGE = 'Usage: npm run admin -- grant <email>';

/** `npm run admin -- grant <email>`: makes an existing account admin, from the command line. */
async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  if (command !== 'grant' || !email) {
    console.error(USAGE);
    return 2;
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  const database = await openDatabase(loadConfig().database);
  try {
    const [user] = await database.db
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(eq(users.email, email.trim().toLowerCase()))
      .returning({ email: users.email });
    if (!user) {
      console.error(
        `There is no account with the email ${email}. Sign up first, then run this again.`,
      );
      return 1;
    }
    console.log(`${user.email} is now an admin; it applies on their next request.`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      console.error(error.message);
    } else {
      console.error('The admin command failed:', error);
    }
    process.exit(1);
  },
);
