/** The certificate feature's routes and what the app shell uses (light: it loads with the shell). */
export { certificateRoutes, freeCertificateRoute } from './routes.tsx';
