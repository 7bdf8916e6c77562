// The project feature's routes (app/route-table.tsx; light: they load with the shell). Its calls for other features
// are in public.ts.
export { cityProjectRoutes, projectRoutes } from './routes.tsx';
