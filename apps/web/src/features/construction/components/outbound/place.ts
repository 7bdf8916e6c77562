/** Where an order's material is used: building, floor and part, as written (empty when none was). */
export const placeOf = (o: { building: string | null; floor: string | null; part: string | null }) =>
  [o.building, o.floor, o.part].filter(Boolean).join(' ');
