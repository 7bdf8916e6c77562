import { z } from 'zod';

// Chinese first: zod's messages in zh-CN for every schema of client and server (GB/T 37668 labels aside).
z.config(z.locales.zhCN());

export * from './auth.ts';
export * from './codes.ts';
export * from './enums.ts';
export * from './envelope.ts';
export * from './message.ts';
export * from './organization.ts';
export * from './reference.ts';
export * from './signing.ts';
export * from './units.ts';
export * from './validators.ts';
