/** The business card's routes (light: they load with the shell). */
export { cardDashboardRoute, cardPublicRoute } from './routes.tsx';
