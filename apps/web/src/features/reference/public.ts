/** What other features may use of the reference feature (components, hooks, calls); docs/architecture.md. */
export { orgNaturesQuery, referenceApi } from './api.ts';
export { RegionCascader } from './components/RegionCascader.tsx';
export { RegionTreeSelect } from './components/RegionTreeSelect.tsx';
