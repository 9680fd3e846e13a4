// Which Redis the tests use: TEST_REDIS_URL or REDIS_URL. Without one, the Redis suites are skipped
// and say why, in their titles and on the console.
export function testRedisUrl(): string | undefined {
  return process.env.TEST_REDIS_URL || process.env.REDIS_URL || undefined;
}

/** The title of a suite that needs Redis; when there is none, it carries the reason it is skipped. */
export function redisSuiteTitle(title: string): string {
  if (testRedisUrl()) return title;
  const reason = "skipped: set TEST_REDIS_URL or REDIS_URL to run it on Redis";
  console.warn(`[tests] "${title}" ${reason}`);
  return `${title} (${reason})`;
}
