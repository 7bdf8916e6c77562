import { type OrderActionValue, type OrderSide, type OrderStatusValue, orderActionValues } from '@jcbb/contract';
import { describeTransitions } from '../../../test/transition-cases.ts';
import { orderTransition } from './procurement.order.transitions.ts';

const buyer = ['buyer'] as const;
const supplier = ['supplier'] as const;

/** Every allowed move, written out by hand from docs/procurement.md ("Purchase orders"), not from the table. */
describeTransitions<OrderSide, OrderActionValue, OrderStatusValue, OrderStatusValue>(
  'purchase order',
  orderTransition,
  {
    actors: ['buyer', 'supplier'],
    actions: orderActionValues,
    states: ['draft', 'sent', 'confirmed', 'partly_delivered', 'delivered', 'closed', 'cancelled'],
    actorsOf: { send: buyer, cancel: buyer, confirm: supplier, decline: supplier, close: buyer, ship: supplier },
    allowed: [
      ['buyer', 'send', 'draft', 'sent'],
      ['buyer', 'cancel', 'draft', 'cancelled'],
      ['buyer', 'cancel', 'sent', 'cancelled'],
      ['supplier', 'confirm', 'sent', 'confirmed'],
      ['supplier', 'decline', 'sent', 'cancelled'],
      ['buyer', 'close', 'confirmed', 'closed'],
      ['buyer', 'close', 'partly_delivered', 'closed'],
      ['buyer', 'close', 'delivered', 'closed'],
      ['supplier', 'ship', 'confirmed', 'confirmed'],
      ['supplier', 'ship', 'partly_delivered', 'partly_delivered'],
    ],
  },
);
