import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AddressKey } from '../../lib/address-keys.ts';
import type { KvStore } from '../../lib/kv-store.ts';
import type { FileService } from '../file/index.ts';
import { registerAddressRoutes } from './trace.address.routes.ts';
import { createAddressService } from './trace.address.service.ts';
import { registerCodeRoutes } from './trace.code.routes.ts';
import { createCodeService } from './trace.code.service.ts';
import { registerTraceDashboardRoutes } from './trace.dashboard.routes.ts';
import { createTraceDashboardService } from './trace.dashboard.service.ts';
import type { ProjectIntake } from './trace.intake.ts';
import type { DeliveryLetters } from './trace.letters.ts';
import { registerLotRoutes } from './trace.lot.routes.ts';
import { createLotService } from './trace.lot.service.ts';
import { registerTracePublicRoutes } from './trace.public.routes.ts';
import { createTraceReceiptService } from './trace.receipt.service.ts';
import type { ShipmentGate } from './trace.shipment.gate.ts';
import { registerTraceShipmentRoutes } from './trace.shipment.routes.ts';
import { createTraceShipmentService } from './trace.shipment.service.ts';
import { registerTraceStockViewRoutes } from './trace.stock-view.routes.ts';
import { createTraceStockViewService } from './trace.stock-view.service.ts';

export interface TraceDeps {
  db: Db;
  files: FileService;
  /** For PUBLIC_BASE_URL (the QR codes' address) and the like. */
  config: Config;
  /** The shared store and the address hashing: a scan counts once per scanner, code and day. */
  kv: KvStore;
  addressKey: AddressKey;
  /** What a receipt into a project's stock sets off at the site (the construction module's, trace.intake.ts). */
  intake?: ProjectIntake;
  /** Another module's rules on shipping (distribution's scope of authorisation, trace.shipment.gate.ts). */
  gate?: ShipmentGate;
  /** The letters a distributor's delivery was shipped under, for the scan page (distribution's, trace.letters.ts). */
  letters?: DeliveryLetters;
}

/**
 * The traceability calls (docs/traceability.md), registered part by part: addresses, lots and codes, shipments and
 * receipts, stock and dashboards, the public scan page. Each part keeps its routes → service → repository files.
 */
export function registerTraceRoutes(app: FastifyInstance, deps: TraceDeps) {
  registerAddressRoutes(app, createAddressService(deps));
  registerTraceShipmentRoutes(app, createTraceShipmentService(deps), createTraceReceiptService(deps));
  registerTracePublicRoutes(app, deps);
  registerTraceStockViewRoutes(app, createTraceStockViewService(deps));
  registerTraceDashboardRoutes(app, createTraceDashboardService(deps));
  registerLotRoutes(app, createLotService(deps));
  registerCodeRoutes(app, createCodeService(deps), deps.config);
}
