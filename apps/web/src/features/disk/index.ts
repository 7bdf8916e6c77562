/** The enterprise disk's routes (light: they load with the shell). */
export { diskRoute, shareLandingRoute } from './routes.tsx';
