/**
 * What the console layout and other features may use of the message feature: it loads with the (lazy) console
 * layout, not with the route table.
 */
export { MessagePopover } from './components/MessagePopover.tsx';
