/** The basic-material feature's routes and what the app shell uses (light: it loads with the shell). */
export { basicMaterialReviewRoutes } from './routes.tsx';
