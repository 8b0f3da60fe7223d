/** Random secrets (session ids, one-time tokens) and their stored form (SHA-256 hex). */
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
