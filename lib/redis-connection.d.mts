// Types of ./redis-connection.mjs.
import type { Redis } from "ioredis";

export function connectRedis(url: string, name: string): Redis;

export const COMMAND_TIMEOUT_MS: number;
