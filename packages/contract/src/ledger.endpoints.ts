import { endpoint } from './endpoint.ts';
import {
  checkBody,
  checkData,
  consistencyProofData,
  consistencyProofQuery,
  inclusionProofData,
  inclusionProofQuery,
  leafIndexParams,
  ledgerEntryData,
  ledgerKeyData,
  publicCheckData,
  publicCheckQuery,
  signedTreeHeadSchema,
  storageAddBody,
  storageDetailData,
  storageDocumentsData,
  storageDocumentsQuery,
  storageIdQuery,
  storageListBody,
  storageListData,
  treeSizeParams,
} from './ledger.ts';

/**
 * The evidence ledger (issue 5; the spec names only the /blockchain/… screens, so the paths are ours): the public log
 * under /open/ledger/ (no session, signed; RFC 9162 proofs) and the storage calls of manufacturers and distributors.
 */
export const ledgerEndpoints = {
  // The public log
  key: endpoint({ method: 'GET', path: '/open/ledger/key', response: ledgerKeyData }),
  /**
   * The same key where anyone can fetch it without the API's signing (plain JSON, no envelope): the address an
   * outsider checks signed tree heads against (docs/traceability.md, "Verifying a code from outside").
   */
  wellKnownKey: endpoint({ method: 'GET', path: '/.well-known/jcbb-ledger-key.json', envelope: false }),
  latestTreeHead: endpoint({ method: 'GET', path: '/open/ledger/sth', response: signedTreeHeadSchema }),
  treeHead: endpoint({
    method: 'GET',
    path: '/open/ledger/sth/{treeSize}',
    params: treeSizeParams,
    response: signedTreeHeadSchema,
  }),
  inclusionProof: endpoint({
    method: 'GET',
    path: '/open/ledger/proof/inclusion',
    query: inclusionProofQuery,
    response: inclusionProofData,
  }),
  consistencyProof: endpoint({
    method: 'GET',
    path: '/open/ledger/proof/consistency',
    query: consistencyProofQuery,
    response: consistencyProofData,
  }),
  entry: endpoint({
    method: 'GET',
    path: '/open/ledger/entry/{leafIndex}',
    params: leafIndexParams,
    response: ledgerEntryData,
  }),
  publicCheck: endpoint({
    method: 'GET',
    path: '/open/ledger/check',
    query: publicCheckQuery,
    response: publicCheckData,
  }),

  // Evidence storage
  addStorage: endpoint({
    method: 'POST',
    path: '/api/blockchain/storage/add',
    body: storageAddBody,
    response: storageDetailData,
  }),
  storageList: endpoint({
    method: 'POST',
    path: '/api/blockchain/storage/list',
    body: storageListBody,
    response: storageListData,
  }),
  storageDetail: endpoint({
    method: 'GET',
    path: '/api/blockchain/storage/detail',
    query: storageIdQuery,
    response: storageDetailData,
  }),
  storageDocuments: endpoint({
    method: 'GET',
    path: '/api/blockchain/storage/documents',
    query: storageDocumentsQuery,
    response: storageDocumentsData,
  }),
  check: endpoint({ method: 'POST', path: '/api/blockchain/check', body: checkBody, response: checkData }),
};
