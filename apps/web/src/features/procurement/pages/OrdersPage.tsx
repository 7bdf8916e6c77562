import { OrderList } from '../components/orders/OrderList.tsx';

/** /buildMaterialProcurement/orders: the buyer's purchase orders (docs/procurement.md, "Purchase orders"). */
export function OrdersPage() {
  return <OrderList side="buyer" />;
}
