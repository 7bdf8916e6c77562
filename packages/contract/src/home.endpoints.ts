import { endpoint } from './endpoint.ts';
import { homeTodayData } from './home.ts';

/** The home page's counts: what needs the caller today and its organisation's live figures. */
export const homeEndpoints = {
  today: endpoint({ method: 'GET', path: '/api/home/today', response: homeTodayData }),
};
