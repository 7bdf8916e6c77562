import { OrderDetailView } from '../components/orders/OrderView.tsx';

/**
 * /buildMaterialProcurement/orderDetail?id=: the buyer's order — lines ordered, shipped, delivered, rejected and
 * outstanding, the shipments made against it, and send / cancel / close.
 */
export function OrderDetailPage() {
  return <OrderDetailView side="buyer" />;
}
