import { pages, pageUrl } from '@jcbb/contract/pages';

/**
 * Where the distributor console's pages live (spec §2 /distributor and the contract screens under
 * /productionManagement), declared once for the routes and the pages' links. The letter page other code links to is
 * the contract's (`pages.licensedProductDetail`).
 */
export const SALES_PATHS = {
  productList: '/distributor/productList',
  productEdit: '/distributor/productEdit',
  productDetails: '/distributor/productDetails',
  licensedDetails: pages.licensedProductDetail.path,
  contractList: '/productionManagement/contractList',
  contractUpload: '/productionManagement/contractUpload',
  contractDetail: '/productionManagement/contractDetail',
  contractSendProduct: '/productionManagement/contractSendProduct',
} as const;

const withId = (path: string, id?: number) => (id === undefined ? path : `${path}?id=${id}`);
export const salesUrl = {
  productEdit: (id?: number) => withId(SALES_PATHS.productEdit, id),
  productDetails: (id: number) => withId(SALES_PATHS.productDetails, id),
  letter: (id: number) => pageUrl(pages.licensedProductDetail, { id }),
  contractUpload: (id?: number) => withId(SALES_PATHS.contractUpload, id),
  contractDetail: (id: number) => withId(SALES_PATHS.contractDetail, id),
  contractSendProduct: (id: number) => withId(SALES_PATHS.contractSendProduct, id),
  /** The public letter page its QR code opens. */
  verify: (publicId: string) => pageUrl(pages.authorisationVerify, { id: publicId }),
  /** The send wizard on a drafted shipment. */
  shipmentDraft: (id: number) => pageUrl(pages.shipmentDraft, { id }),
  /** A shipment once sent. */
  shipment: (id: number) => pageUrl(pages.shipmentDetail, { id }),
};
