/**
 * Slot for the floating customer-service button (issue 3 item 8). A placeholder from the shell so the layout can
 * render it: the helper that builds the button replaces this file (same export, same props: none).
 */
export function ServiceButton() {
  return null;
}
