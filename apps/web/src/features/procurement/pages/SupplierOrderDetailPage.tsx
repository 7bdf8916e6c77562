import { OrderDetailView } from '../components/orders/OrderView.tsx';

/** /procurementSales/orderDetail?id=: an order sent to the supplier — confirm, decline, ship against it. */
export function SupplierOrderDetailPage() {
  return <OrderDetailView side="supplier" />;
}
