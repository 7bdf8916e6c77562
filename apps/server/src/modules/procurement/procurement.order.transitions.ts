import type { OrderActionValue, OrderSide, OrderStatusValue } from '@jcbb/contract';
import { type Transition, transitionTable } from '../../lib/transitions.ts';

/**
 * A purchase order's workflow as one table (docs/procurement.md, "Purchase orders"), over the order's state as read
 * (a confirmed order reads as partly delivered or delivered from its receipts: `orderStateOf`). Pure: the service
 * finds the caller's side (404 to anyone but the buyer and the supplier) before it asks.
 *
 *   send      draft → sent                                  the buyer (the supplier is told)
 *   cancel    draft | sent → cancelled                      the buyer, with a reason
 *   confirm   sent → confirmed                              the supplier
 *   decline   sent → cancelled                              the supplier, with a reason
 *   close     confirmed | partly delivered | delivered → closed   the buyer (a reason unless fully delivered)
 *   ship      confirmed | partly delivered → (unchanged)    the supplier: a draft shipment against the order
 */
const table = transitionTable<OrderActionValue, OrderSide, OrderStatusValue>({
  send: { actors: ['buyer'], moves: [['draft', 'sent']] },
  cancel: {
    actors: ['buyer'],
    moves: [
      ['draft', 'cancelled'],
      ['sent', 'cancelled'],
    ],
  },
  confirm: { actors: ['supplier'], moves: [['sent', 'confirmed']] },
  decline: { actors: ['supplier'], moves: [['sent', 'cancelled']] },
  close: {
    actors: ['buyer'],
    moves: [
      ['confirmed', 'closed'],
      ['partly_delivered', 'closed'],
      ['delivered', 'closed'],
    ],
  },
  ship: {
    actors: ['supplier'],
    moves: [
      ['confirmed', 'confirmed'],
      ['partly_delivered', 'partly_delivered'],
    ],
  },
});

export const orderTransition = (
  side: OrderSide,
  action: OrderActionValue,
  from: OrderStatusValue,
): Transition<OrderStatusValue> => table.take(side, action, from);

/** The actions the caller's side may take from a state (the detail's buttons). */
export const orderActions = (side: OrderSide, from: OrderStatusValue) => table.allowed(side, from);
