export { parseDocument } from './reading.parse.ts';
