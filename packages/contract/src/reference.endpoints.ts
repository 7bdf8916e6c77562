import { endpoint } from './endpoint.ts';
import {
  classificationTreeData,
  divisionChildrenData,
  divisionChildrenQuery,
  divisionTreeData,
  orgNatureListData,
  platformCityTreeData,
  productUnitListData,
  townCodeBody,
  townCodeCheckData,
  transportTypeListData,
  unitFilterBody,
} from './reference.ts';

/** Reference data: divisions, opened cities, units, transport types, natures, classification (read only). */
export const referenceEndpoints = {
  divisionTree: endpoint({ method: 'GET', path: '/common/administrative/all', response: divisionTreeData }),
  divisionChildren: endpoint({
    method: 'GET',
    path: '/api/dictionary/administrative',
    query: divisionChildrenQuery,
    response: divisionChildrenData,
  }),
  selectCityTree: endpoint({ method: 'POST', path: '/materials/city/selectCityTree', response: platformCityTreeData }),
  selectBmProductUnit: endpoint({
    method: 'POST',
    path: '/materials/bmProductUnit/selectBmProductUnit',
    body: unitFilterBody,
    response: productUnitListData,
  }),
  selectUnitList: endpoint({
    method: 'POST',
    path: '/materials/bmProductUnit/selectUnitList',
    response: productUnitListData,
  }),
  transportTypes: endpoint({
    method: 'GET',
    path: '/api/dictionary/transport-types',
    response: transportTypeListData,
  }),
  orgNatures: endpoint({ method: 'GET', path: '/api/dictionary/org-natures', response: orgNatureListData }),
  materialClassification: endpoint({
    method: 'GET',
    path: '/api/dictionary/material-classification',
    response: classificationTreeData,
  }),
  checkTownCode: endpoint({
    method: 'POST',
    path: '/api/track/check/town/code',
    body: townCodeBody,
    response: townCodeCheckData,
  }),
};
