import type zhCN from './zh-CN.ts';

const en: typeof zhCN = {
  region: {
    loading: 'Loading regions…',
    placeholder: 'Province / city / county',
    loadFailed: 'Could not load the divisions, please try again later',
    notFound: 'No matching division',
    treePlaceholder: 'Regions (provinces, cities or counties; several)',
  },
  nature: {
    placeholder: 'Select the nature',
  },
};
export default en;
