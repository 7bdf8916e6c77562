/**
 * The revision feature's routes (light: the route table loads them with the shell). Its pages and components load
 * with the pages that use them: the manufacturer's product details import `components/RevisionNotice.tsx`.
 */
export { cityRevisionRoutes, platformRevisionRoutes } from './routes.tsx';
