/**
 * The building-material classification tree, from the product categories of China's green building material product
 * certification catalogue (绿色建材产品分级认证目录, SAMR / MOHURD / MIIT): six categories, each with the products
 * certified under it. Codes are positional: a category '01', its products '0101', '0102', … in catalogue order, so
 * a code never changes meaning; add new products at the end of their category.
 */
export interface ClassificationSource {
  name: string;
  products: readonly string[];
}

export const materialClassificationSource: readonly ClassificationSource[] = [
  {
    name: '围护结构及混凝土类',
    products: [
      '预制构件',
      '钢结构房屋用钢构件',
      '现代木结构用材',
      '砌体材料',
      '保温系统材料',
      '预拌混凝土',
      '预拌砂浆',
      '混凝土外加剂',
    ],
  },
  {
    name: '门窗幕墙及装饰装修类',
    products: [
      '建筑门窗及配件',
      '建筑幕墙',
      '建筑节能玻璃',
      '建筑遮阳产品',
      '门窗幕墙用型材',
      '钢质户门',
      '金属复合装饰材料',
      '建筑陶瓷',
      '卫生陶瓷',
      '无机装饰板材',
      '石膏装饰材料',
      '石材',
      '镁质装饰材料',
      '吊顶系统',
      '集成墙面',
      '纸面石膏板',
      '人造石',
      '墙纸（布）',
      '木塑制品',
      '人造板和木质地板',
    ],
  },
  {
    name: '防水密封及建筑涂料类',
    products: ['建筑密封胶', '防水卷材', '防水涂料', '墙面涂料', '反射隔热涂料', '空气净化材料', '树脂地坪材料'],
  },
  {
    name: '给排水及水处理设备类',
    products: [
      '水嘴',
      '便器',
      '淋浴器',
      '净水设备',
      '软化设备',
      '油脂分离器',
      '中水处理设备',
      '雨水处理设备',
      '管材管件',
      '游泳池循环处理设备',
    ],
  },
  {
    name: '暖通空调及太阳能利用与照明类',
    products: [
      '空气源热泵',
      '地源热泵系统',
      '新风净化系统',
      '建筑用蓄能装置',
      '光伏组件',
      'LED照明产品',
      '采光系统',
      '太阳能热水系统',
    ],
  },
  {
    name: '其他设备类',
    products: ['设备隔振降噪装置', '控制与计量设备', '机械式停车设备'],
  },
];

export interface ClassificationRow {
  code: string;
  name: string;
  parentCode: string | null;
  level: 1 | 2;
  sort: number;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The tree as table rows: categories at level 1, products at level 2 under them. */
export function classificationRows(source: readonly ClassificationSource[] = materialClassificationSource) {
  const rows: ClassificationRow[] = [];
  source.forEach((category, i) => {
    const code = twoDigits(i + 1);
    rows.push({ code, name: category.name, parentCode: null, level: 1, sort: i + 1 });
    category.products.forEach((name, j) => {
      rows.push({ code: `${code}${twoDigits(j + 1)}`, name, parentCode: code, level: 2, sort: j + 1 });
    });
  });
  return rows;
}
