/**
 * The sign-in page warms the console up while the user types (docs/decisions.md, "Chunk tiers and route
 * preloading"): the console frame's code and the page after sign-in download during the typing, so that after 登录
 * only the sign-in call and the user's own calls remain. The app shell registers what to fetch (lib/ knows no app).
 */
let warmUp: ((path: string) => void) | null = null;
let done = false;

/** Registered once by the router: fetch the code of the console frame and of the page at `path`. */
export function setConsoleWarmUp(fetchCode: (path: string) => void): void {
  warmUp = fetchCode;
}

/** Called by the sign-in form on the first key stroke; only the first call of the page does anything. */
export function warmUpConsole(path: string): void {
  if (done || !warmUp) return;
  done = true;
  warmUp(path);
}
