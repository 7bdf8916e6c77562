/**
 * The message module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here only
 * (docs/architecture.md, "Module boundaries").
 */
export { registerMessageRoutes } from './message.routes.ts';
export { sendMessage } from './message.sender.ts';
export { createMessageService, type MessageService } from './message.service.ts';
