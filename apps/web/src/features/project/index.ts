// The project feature's public surface: its routes (app/route-table.tsx) and its calls (other features may read
// projects through these query options, never by URL).
export { invalidateProjects, projectMutations, projectQueries } from './api.ts';
export { cityProjectRoutes, PROJECT_LIST_PATH, projectRoutes } from './routes.tsx';
