/** The account centre's routes (light: they load with the shell). */
export { profileRoute } from './routes.tsx';
