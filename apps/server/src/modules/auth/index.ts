/**
 * The auth module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here only
 * (docs/architecture.md, "Module boundaries").
 */
export { registerAuthRoutes } from './auth.routes.ts';
export { type AuthService, createAuthService, FAILED_SIGN_IN_TITLE, LOGIN_LIMITS } from './auth.service.ts';
