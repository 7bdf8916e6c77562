import type { ShipmentDetail, ShipmentSaveInput } from '../../ship-api.ts';

/**
 * The shipment wizard's form: one antd form across the five steps (all rendered, the others hidden, so a server
 * message can land on any field and every step validates the same way). Quantities and the distance stay text as
 * typed (NumericInput), and become numbers in the body.
 */
export interface LineValues {
  specId?: number;
  lotId?: number;
  quantity?: string;
  codes?: string[];
}

export interface WizardValues {
  destKind: 'org' | 'project';
  orgId?: number;
  projectId?: number;
  fromAddressId?: number;
  toAddressId?: number;
  lines: LineValues[];
  transportType?: number;
  distanceKm?: string;
  vehiclePlate?: string;
  shipDate?: string;
  plannedArrival?: string;
  remarks?: string;
}

export const STEP = { DESTINATION: 0, ADDRESSES: 1, LINES: 2, TRANSPORT: 3, REVIEW: 4 } as const;

/** The fields each step holds (what its 下一步 validates). */
export const STEP_FIELDS: Record<number, (string | number)[][]> = {
  [STEP.DESTINATION]: [['destKind'], ['orgId'], ['projectId']],
  [STEP.ADDRESSES]: [['fromAddressId'], ['toAddressId']],
  [STEP.LINES]: [['lines']],
  [STEP.TRANSPORT]: [
    ['transportType'],
    ['distanceKm'],
    ['vehiclePlate'],
    ['shipDate'],
    ['plannedArrival'],
    ['remarks'],
  ],
};

/** The step that holds a form field. */
export function stepOfField(path: readonly (string | number)[]): number {
  const head = path[0];
  if (head === 'destKind' || head === 'orgId' || head === 'projectId') return STEP.DESTINATION;
  if (head === 'fromAddressId' || head === 'toAddressId') return STEP.ADDRESSES;
  if (head === 'lines') return STEP.LINES;
  return STEP.TRANSPORT;
}

/** "lines.0.quantity" → ['lines', 0, 'quantity']. */
export const fieldPath = (field: string): (string | number)[] =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * The server's field path of shipmentSaveBody → the wizard's field: the destination's ids are the form's own
 * fields, and a message about one code of a line (`lines.0.codes.3`) goes under the line's code box.
 */
export function formPathOf(path: (string | number)[]): (string | number)[] {
  if (path[0] === 'destination') {
    if (path[1] === 'orgId') return ['orgId'];
    if (path[1] === 'projectId') return ['projectId'];
    return ['destKind'];
  }
  if (path[0] === 'lines' && typeof path[1] === 'number') return path.slice(0, 3);
  return path;
}

const blank = (v: string | undefined | null) => (v === undefined || v === null || v.trim() === '' ? undefined : v);

/** The save body of the form's values (without the draft's id). */
export function bodyOf(v: WizardValues): Omit<ShipmentSaveInput, 'id'> {
  const org = v.destKind === 'org';
  const distance = blank(v.distanceKm);
  return {
    destination: org ? { kind: 'org', orgId: v.orgId } : { kind: 'project', projectId: v.projectId },
    fromAddressId: v.fromAddressId as number,
    toAddressId: org ? v.toAddressId : undefined,
    shipDate: v.shipDate ?? '',
    plannedArrival: blank(v.plannedArrival),
    transportType: v.transportType as number,
    distanceKm: distance === undefined ? undefined : Number(distance),
    vehiclePlate: blank(v.vehiclePlate)?.trim(),
    remarks: blank(v.remarks)?.trim(),
    lines: (v.lines ?? []).map((l) => ({
      specId: l.specId as number,
      lotId: l.lotId as number,
      quantity: Number(l.quantity),
      codes: l.codes ?? [],
    })),
  };
}

/** The form's values of a saved draft (continuing it with ?id=). */
export function valuesOf(d: ShipmentDetail): WizardValues {
  return {
    destKind: d.to.kind,
    orgId: d.to.orgId ?? undefined,
    projectId: d.to.projectId ?? undefined,
    fromAddressId: d.fromAddressId ?? undefined,
    toAddressId: d.toAddressId ?? undefined,
    lines: d.lines.map((l) => ({
      specId: l.specId,
      lotId: l.lotId,
      quantity: String(l.quantity),
      codes: l.codes,
    })),
    transportType: d.transportType,
    distanceKm: d.carbon.distanceSource === 'measured' ? String(d.distanceKm ?? d.carbon.distanceKm) : '',
    vehiclePlate: d.vehiclePlate ?? '',
    shipDate: d.shipDate,
    plannedArrival: d.plannedArrival ?? '',
    remarks: d.remarks ?? '',
  };
}

/** The saved draft's body as text: the form still says what was saved while this is unchanged. */
export const keyOfValues = (v: WizardValues | undefined) => (v ? JSON.stringify(bodyOf(v)) : '');
