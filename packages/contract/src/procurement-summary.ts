/** Procurement's summary schemas and answers (docs/procurement.md); the code tables shared by all parts: procurement.ts. */
export {};
