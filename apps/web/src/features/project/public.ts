// What other features may use of the project feature: its calls (other features read projects through these query
// options, never by URL). Kept out of index.ts, which the route table loads with the shell.
export { projectQueries } from './api.ts';
