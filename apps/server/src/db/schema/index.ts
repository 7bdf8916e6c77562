export * from './audit.ts';
export * from './file.ts';
export * from './message.ts';
export * from './organization.ts';
export * from './reference.ts';
export * from './session.ts';
export * from './user.ts';
