import { OrderList } from '../components/orders/OrderList.tsx';

/** /procurementSales/orders: the orders sent to a manufacturer or distributor, to confirm and ship. */
export function SupplierOrderListPage() {
  return <OrderList side="supplier" />;
}
