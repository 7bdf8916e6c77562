import { productUnits as unitList } from '@jcbb/contract';
import { classificationRows } from './material-classifications.ts';

/**
 * The platform's reference set of common material names (基础建材通用名称): what a manufacturer picks when naming a
 * product, with its product class, the units it is sold in and the usual formats (规格) in each unit. Upserted at
 * start-up by the reference seed (key `basic_materials`); `code` is the stable key, so never reuse one.
 */
interface BasicMaterialSource {
  code: string;
  commonName: string;
  /** Name of the product class in the classification tree. */
  className: string;
  /** Unit name (of the 37) → usual formats. */
  units: Record<string, string[]>;
}

export const basicMaterialSource: readonly BasicMaterialSource[] = [
  {
    code: 'BM001',
    commonName: '预制混凝土叠合板',
    className: '预制构件',
    units: { 块: ['60mm厚', '70mm厚'], 立方米: ['C30', 'C35'] },
  },
  { code: 'BM002', commonName: '预制混凝土楼梯', className: '预制构件', units: { 块: ['双跑', '剪刀梯'] } },
  {
    code: 'BM003',
    commonName: '焊接H型钢',
    className: '钢结构房屋用钢构件',
    units: { 吨: ['Q235B', 'Q355B'], 根: ['HW200×200', 'HN400×200'] },
  },
  {
    code: 'BM004',
    commonName: '蒸压加气混凝土砌块',
    className: '砌体材料',
    units: { 立方米: ['B05 A3.5', 'B06 A5.0'], 块: ['600×240×200', '600×200×250'] },
  },
  { code: 'BM005', commonName: '烧结多孔砖', className: '砌体材料', units: { 块: ['240×115×90'], 千块: [] } },
  {
    code: 'BM006',
    commonName: '岩棉板',
    className: '保温系统材料',
    units: { 平方米: ['50mm', '80mm', '100mm'], 立方米: ['容重140kg/m³'] },
  },
  {
    code: 'BM007',
    commonName: '挤塑聚苯乙烯泡沫板',
    className: '保温系统材料',
    units: { 平方米: ['30mm', '50mm'], 立方米: ['B1级'] },
  },
  { code: 'BM008', commonName: '预拌混凝土', className: '预拌混凝土', units: { 立方米: ['C25', 'C30', 'C35', 'C40'] } },
  {
    code: 'BM009',
    commonName: '干混砌筑砂浆',
    className: '预拌砂浆',
    units: { 吨: ['DM M5', 'DM M7.5', 'DM M10'], 袋: ['40kg'] },
  },
  {
    code: 'BM010',
    commonName: '聚羧酸高性能减水剂',
    className: '混凝土外加剂',
    units: { 吨: ['标准型', '缓凝型'], 千克: [] },
  },
  {
    code: 'BM011',
    commonName: '断桥铝合金窗',
    className: '建筑门窗及配件',
    units: { 平方米: ['60系列', '70系列'], 樘: [] },
  },
  { code: 'BM012', commonName: '玻璃幕墙', className: '建筑幕墙', units: { 平方米: ['单元式', '构件式'] } },
  { code: 'BM013', commonName: 'Low-E中空玻璃', className: '建筑节能玻璃', units: { 平方米: ['6+12A+6', '6+12Ar+6'] } },
  { code: 'BM014', commonName: '外遮阳百叶帘', className: '建筑遮阳产品', units: { 平方米: ['电动', '手动'], 套: [] } },
  { code: 'BM015', commonName: '钢质入户门', className: '钢质户门', units: { 樘: ['960×2050', '1200×2100'] } },
  {
    code: 'BM016',
    commonName: '陶瓷砖',
    className: '建筑陶瓷',
    units: { 平方米: ['600×600', '800×800', '300×600'], 片: [] },
  },
  { code: 'BM017', commonName: '坐便器', className: '卫生陶瓷', units: { 套: ['节水型 5L', '节水型 4L'], 个: [] } },
  {
    code: 'BM018',
    commonName: '纤维水泥平板',
    className: '无机装饰板材',
    units: { 平方米: ['8mm', '12mm'], 张: ['1220×2440'] },
  },
  {
    code: 'BM019',
    commonName: '纸面石膏板',
    className: '纸面石膏板',
    units: { 张: ['1200×3000×9.5', '1200×3000×12'], 平方米: [] },
  },
  { code: 'BM020', commonName: '铝扣板吊顶', className: '吊顶系统', units: { 平方米: ['300×300', '300×600'] } },
  { code: 'BM021', commonName: '木塑地板', className: '木塑制品', units: { 平方米: ['140×25', '150×30'], 米: [] } },
  { code: 'BM022', commonName: '强化复合木地板', className: '人造板和木质地板', units: { 平方米: ['12mm', '8mm'] } },
  { code: 'BM023', commonName: '硅酮建筑密封胶', className: '建筑密封胶', units: { 支: ['300ml', '590ml'], 桶: [] } },
  {
    code: 'BM024',
    commonName: 'SBS改性沥青防水卷材',
    className: '防水卷材',
    units: { 平方米: ['3mm', '4mm'], 卷: ['10m²/卷'] },
  },
  {
    code: 'BM025',
    commonName: '聚氨酯防水涂料',
    className: '防水涂料',
    units: { 千克: ['单组分', '双组分'], 桶: ['20kg'] },
  },
  { code: 'BM026', commonName: '内墙乳胶漆', className: '墙面涂料', units: { 桶: ['5L', '18L'], 升: [] } },
  { code: 'BM027', commonName: '反射隔热涂料', className: '反射隔热涂料', units: { 千克: ['水性'], 桶: ['20kg'] } },
  {
    code: 'BM028',
    commonName: 'PPR给水管',
    className: '管材管件',
    units: { 米: ['dn20', 'dn25', 'dn32'], 根: ['4m'] },
  },
  { code: 'BM029', commonName: '空气源热泵热水机组', className: '空气源热泵', units: { 台: ['5P', '10P'] } },
  { code: 'BM030', commonName: '光伏组件', className: '光伏组件', units: { 块: ['550W', '450W'], 片: [] } },
  {
    code: 'BM031',
    commonName: 'LED平板灯',
    className: 'LED照明产品',
    units: { 个: ['600×600 36W', '300×1200 40W'], 套: [] },
  },
];

const CODE = /^BM(\d+)$/;

/** The number of a code ("BM031" → 31), or null for another shape. */
export function basicMaterialCodeNumber(code: string | null): number | null {
  const match = code ? CODE.exec(code) : null;
  return match ? Number(match[1]) : null;
}

/** "BM" and at least three digits: the shape of every code, the platform's and approved applications'. */
export const basicMaterialCode = (n: number) => `BM${String(n).padStart(3, '0')}`;

/**
 * The highest code the source uses. Approved applications take codes above both this and every code in the table,
 * so they never take one the source already names. A platform row added to the source later needs a code above
 * every approval of every deployment; the seed leaves out one whose code or name an application holds.
 */
export const platformCodeCeiling = () =>
  Math.max(0, ...basicMaterialSource.map((s) => basicMaterialCodeNumber(s.code) ?? 0));

export interface BasicMaterialRow {
  code: string;
  commonName: string;
  classifyCode: string;
  units: { unitId: number; formats: string[] }[];
}

/** The source as table rows; throws on a class or unit name that does not exist (caught by the reference test). */
export function basicMaterialRows(source: readonly BasicMaterialSource[] = basicMaterialSource): BasicMaterialRow[] {
  const classCode = new Map(classificationRows().map((c) => [c.name, c.code]));
  const unitId = new Map<string, number>(unitList.map((u) => [u.name, u.id]));
  return source.map((s) => {
    const classifyCode = classCode.get(s.className);
    if (!classifyCode) throw new Error(`basic material ${s.code}: unknown class ${s.className}`);
    const units = Object.entries(s.units).flatMap(([name, formats]) => {
      const id = unitId.get(name);
      // A unit not among the 37 (e.g. 千块) is left out rather than invented.
      return id === undefined ? [] : [{ unitId: id, formats }];
    });
    return { code: s.code, commonName: s.commonName, classifyCode, units };
  });
}
