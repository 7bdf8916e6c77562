/** What the app shell (guard, router) and the layout use of the auth feature beyond its routes: its calls. */
export { authApi } from './api.ts';
