/** Password hashing for the accounts services: the one implementation lives below api and db/seed (db/passwords.ts). */
export { ARGON2_OPTIONS, argon2Options, hashPassword, verifyPassword } from '../../../db/passwords.ts';
