// The deployment suite needs a PostgreSQL server and Redis (TEST_DATABASE_URL, TEST_REDIS_URL),
// as the API suite's PostgreSQL run does; CI gives both. Without them it says so and passes.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
  console.log(
    'Deployment suite not run: set TEST_DATABASE_URL and TEST_REDIS_URL (PostgreSQL and Redis) to run it.',
  );
  process.exit(0);
}
const run = spawnSync('npx', ['playwright', 'test', '-c', 'playwright.deployment.config.ts'], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
