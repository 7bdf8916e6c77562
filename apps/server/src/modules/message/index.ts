/** The message module's public functions: other modules, app.ts, jobs, seed and bench import from here only (docs/architecture.md). */
export { registerMessageRoutes } from './message.routes.ts';
export { sendMessage } from './message.sender.ts';
export { createMessageService, type MessageService } from './message.service.ts';
