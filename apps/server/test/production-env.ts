/**
 * A production configuration that start-up accepts: real signing keys (AUTH_SECRET of the 32 characters production
 * asks for) and the public address. Tests take it and change the one setting they are about.
 */
export const PRODUCTION_SECRET = 'k7Qp2vX9mW4tZ8rB1nL6yH3sD5fG0aJc';

export const productionEnv = {
  NODE_ENV: 'production',
  AUTH_KEY: 'k1',
  AUTH_SECRET: PRODUCTION_SECRET,
  PUBLIC_BASE_URL: 'https://jcbb.example.cn',
} as const;
