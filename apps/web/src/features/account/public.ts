/** What other features may use of the account centre: the divisions panel (the organisation page's 部门 tab). */
export { DivisionsPanel } from './components/DivisionsPanel.tsx';
