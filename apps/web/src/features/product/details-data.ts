import { recordData } from '../../lib/record-id.ts';
import { productDetailQuery } from './use-product.ts';

/** /product/details?id='s product as ProductDetailsPage first asks for it, started beside the page's code. */
export default recordData(productDetailQuery);
