import { RiskRuleCode, type RiskRuleCodeValue, type SeverityValue } from '@jcbb/contract';

/**
 * The risk rules' text, severity and parameters (docs/government.md, "Risk rules"; after Prozorro's risk indicators
 * and DOZORRO's monitoring): reference data, one row per code and version, inserted when missing only, so a version
 * the platform later adds beside these (a new row, `active` moved to it) is never undone by a restart. Each code's
 * check is code (modules/government/government.risk.rules.ts); what the check reads as a parameter is here.
 *
 * A change of a rule's meaning or parameters is a new version row (the alerts raised under the old one name it).
 */
export interface RiskRuleSource {
  code: RiskRuleCodeValue;
  version: number;
  name: string;
  nameEn: string;
  legalBasis: string;
  definition: string;
  severity: SeverityValue;
  params: Record<string, number | string | boolean>;
  active: boolean;
  effectiveFrom: string;
}

const EFFECTIVE = '2026-10-01';
const GREEN_PROOF =
  '财库〔2024〕36号：纳入实施范围的项目采购的建材应符合《绿色建筑和绿色建材政府采购需求标准》；到货之日有效的绿色建材产品认证证书（一至三星），或在需求标准允许期限内的检验检测报告，是“绿色”的证明';

export const riskRuleSource: readonly RiskRuleSource[] = [
  {
    code: RiskRuleCode.CERTIFICATE_INVALID_AT_DELIVERY,
    version: 1,
    name: '到货时绿色建材证书已失效',
    nameEn: 'Certificate invalid on the delivery date',
    legalBasis: `${GREEN_PROOF}；证书撤销后自撤销之日起不再证明（平台证书的撤销记录在证据账本上）。`,
    definition:
      '项目现场签收（收货单到货日 D）的批次，其发货时所附的绿色建材证书（发货单明细的证据快照、平台证书记录）在 D 之前已过有效期，或在 D 当日及之前已被撤销，且该产品在 D 没有其他有效证书或有效检验检测报告。证书有效期截止日等于 D 不预警。',
    severity: 'high',
    params: {},
    active: true,
    effectiveFrom: EFFECTIVE,
  },
  {
    code: RiskRuleCode.OUTSIDE_AUTHORISATION,
    version: 1,
    name: '经销商超出授权范围发货',
    nameEn: 'Distributor shipment outside its authorisation',
    legalBasis: '生产企业对经销商的授权书（产品、区域、期限）是经销商供货资格的依据；授权撤销或暂停后不得据此供货。',
    definition:
      '经销商（非退货）的已发货明细：没有授权记录；或所依据的授权书不含该产品/规格、不覆盖目的地区域、发货日期不在授权期内、为其他项目的项目授权；或授权书在发货日当日及之前已撤销或暂停。',
    severity: 'high',
    params: {},
    active: true,
    effectiveFrom: EFFECTIVE,
  },
  {
    code: RiskRuleCode.REPORT_REUSED,
    version: 1,
    name: '同一检测报告用于不同产品',
    nameEn: 'One test report used for unrelated products',
    legalBasis:
      '检验检测报告只证明所检样品所代表的产品（《检验检测机构资质认定管理办法》）；一份报告不能证明不同企业或不同类别的产品。',
    definition:
      '同一检测报告编号（产品资料中的检验检测报告、采购填报明细中的报告编号）出现在不同生产企业的产品上，或同一企业不同大类（分类代码前 2 位不同，参数 classDigits）的产品上。按生产企业各生成一条预警。',
    severity: 'medium',
    params: { classDigits: 2 },
    active: true,
    effectiveFrom: EFFECTIVE,
  },
  {
    code: RiskRuleCode.CODE_AT_TWO_SITES,
    version: 1,
    name: '追溯码重复出现',
    nameEn: 'Trace code seen twice',
    legalBasis: '一物一码：一个追溯码只代表一件（一包）材料，只能在一个项目现场签收一次。',
    definition:
      '追溯模块已发现的追溯码预警：同一追溯码在两个不同项目现场被签收，或材料已安装/使用后再次被扫描（复用标签、复制标签）。本规则复用追溯模块的发现，不重复检测。',
    severity: 'high',
    params: {},
    active: true,
    effectiveFrom: EFFECTIVE,
  },
  {
    code: RiskRuleCode.MANDATORY_NOT_GREEN,
    version: 1,
    name: '必选类材料非绿色',
    nameEn: 'Mandatory material not green',
    legalBasis: '财库〔2024〕36号：需求标准中的必选类材料应全部采购绿色建材。',
    definition: '已报送（含已退回、已确认、已锁定）的有效填报中，有必选类明细不是绿色建材（无到货日有效的证明）。',
    severity: 'high',
    params: {},
    active: true,
    effectiveFrom: EFFECTIVE,
  },
  {
    code: RiskRuleCode.OPTIONAL_COVERAGE_LOW,
    version: 1,
    name: '可选类绿色品类占比不足',
    nameEn: 'Optional green coverage below the minimum',
    legalBasis:
      '财库〔2024〕36号：可选类中采购绿色建材的品类应不少于所用可选类品类的 40%（以项目所用需求标准版本的规则为准）。',
    definition:
      '已报送的有效填报中，可选类绿色品类数 ÷ 所用可选类品类数低于项目需求标准版本规定的最低比例（与材料清单的合规判定同一口径，恰好等于最低比例不预警）。',
    severity: 'medium',
    params: {},
    active: true,
    effectiveFrom: EFFECTIVE,
  },
  {
    code: RiskRuleCode.WITNESS_SHARE_LOW,
    version: 1,
    name: '见证取样比例偏低',
    nameEn: 'Witnessed samples below the share',
    legalBasis:
      '建建〔2000〕211号：见证取样和送检的数量不得低于有关技术标准中规定应取样数量的 30%（与项目施工的“见证比例”同一口径）。',
    definition:
      '项目中按规则需复试、已过进场验收（未验收的、未取样即拒收退场的不计）的批次里，有见证取样的批次占比低于 30%（参数 minSharePct）；需复试批次少于 3 个（参数 minRequired）时不预警，恰好等于 30% 不预警。',
    severity: 'medium',
    params: { minSharePct: 30, minRequired: 3 },
    active: true,
    effectiveFrom: EFFECTIVE,
  },
  {
    code: RiskRuleCode.PROGRESS_PAYMENT_LOW,
    version: 1,
    name: '进度款支付比例偏低',
    nameEn: 'Progress payment below 80 %',
    legalBasis: '财库〔2022〕35号：进度款支付比例不低于已完成工程价款的 80%。',
    definition:
      '已报送的有效填报中，已付进度款低于已完成工程价款的 80%（参数 minPaidPct）（恰好等于不预警；未填报这两项不判断）。',
    severity: 'medium',
    params: { minPaidPct: 80 },
    active: true,
    effectiveFrom: EFFECTIVE,
  },
  {
    code: RiskRuleCode.FILING_OVERDUE,
    version: 1,
    name: '逾期未报送采购信息',
    nameEn: 'Filing overdue',
    legalBasis: '按季度报送绿色建材采购信息，截止日为下一季度首月 5 日（地方做法，参照十堰）。',
    definition:
      '纳入政策实施范围的项目，对其登记之后、截止日已过的季度（最近 4 个季度，参数 lookbackQuarters），仍无报送过的填报（草稿不算，退回的算已报送）。每个季度一条预警。',
    severity: 'low',
    params: { lookbackQuarters: 4 },
    active: true,
    effectiveFrom: EFFECTIVE,
  },
  {
    code: RiskRuleCode.TYPED_LINE_CONTRADICTS,
    version: 1,
    name: '填报明细与平台记录不符',
    nameEn: 'Filed line contradicts the platform’s records',
    legalBasis: '填报应如实反映采购情况；平台记录（证书、签收）是可核对的数据来源。',
    definition:
      '已报送的有效填报中：手工填报的明细写了平台证书编号，但该证书属于其他产品（或其他生产企业），或在该明细的到货日已过期或已撤销；或平台数据生成的明细，其数量被改得高于平台记录的签收数量。',
    severity: 'medium',
    params: {},
    active: true,
    effectiveFrom: EFFECTIVE,
  },
];
