/**
 * The account centre's public functions (docs/architecture.md, "Module boundaries"; docs/account.md).
 *
 *   registerAccountRoutes(app, services)   /api/account/…: the caller's profile and avatar, the organisation's divisions
 *   createAccountService(deps)             the profile (name, e-mail, contact phone, avatar, recent sign-ins)
 *   createDivisionService({ db })          divisions (部门) and the members placed in them (the demo seed uses it)
 */
export { registerAccountRoutes } from './account.routes.ts';
export { createAccountService } from './account.service.ts';
export { createDivisionService } from './division.service.ts';
