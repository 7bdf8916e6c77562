import { authApi } from '../features/auth/public.ts';
import { session } from '../lib/session.ts';

/**
 * Sign out (spec §4): when the server answers `logout: true`, forget the session and reload the site root; a failed
 * sign-out only logs (spec §8), the user stays where they are.
 */
export async function signOut(reload: (url: string) => void = (url) => window.location.assign(url)): Promise<boolean> {
  try {
    const data = await authApi.logout();
    if (data.logout) {
      session.clear();
      reload('/');
      return true;
    }
    console.warn('logout was not confirmed by the server');
  } catch (error) {
    console.warn('logout failed', error instanceof Error ? error.message : error);
  }
  return false;
}
