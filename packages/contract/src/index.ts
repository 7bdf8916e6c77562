// zod's zh-CN messages are configured in ./zod.ts, which every schema module imports.
import './zod.ts';

export * from './auth.ts';
export * from './basic-material.ts';
export * from './catalogue.ts';
export * from './certificate.ts';
export * from './codes.ts';
export * from './company.ts';
export * from './element.ts';
export * from './element-values.ts';
export * from './endpoint.ts';
export * from './endpoints.ts';
export * from './enums.ts';
export * from './envelope.ts';
export * from './file.ts';
export * from './ledger.ts';
export * from './listing.ts';
export * from './message.endpoints.ts';
export * from './message.ts';
export * from './organization.ts';
export * from './product.ts';
export * from './reference.ts';
export * from './revision.endpoints.ts';
export * from './revision.ts';
export * from './sampling.ts';
export * from './signing.ts';
export * from './units.ts';
export * from './validators.ts';
