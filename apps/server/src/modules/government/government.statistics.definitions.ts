import type { StatisticDefinitionView } from '@jcbb/contract';

/**
 * The statistics' definitions (口径), version STATISTICS_DEFINITION_VERSION (docs/government.md, "Definitions
 * (JCBB-STAT-2026.1)": the same keys, in the same words). Every figure the dashboard, the exports and the open data
 * answer is named here; the drill-down's slices (`StatisticsSlice`) are keys too. Each is computed from what the
 * platform holds; where nothing is held yet (no filing, no delivery), the figure answers 0 or null and says so here.
 */
export const STATISTIC_DEFINITIONS: readonly StatisticDefinitionView[] = [
  {
    key: 'scope',
    name: '统计范围',
    nameEn: 'Scope',
    definition:
      '纳入政策范围的项目：住建委为本市项目，平台运营方为所选城市或全部城市，建设单位为本单位项目，施工、监理单位为已接受邀请的项目；区县、项目类型、政策批次筛选只缩小范围。',
    definitionEn:
      'Projects in the policy scope: a committee’s city, the operator’s chosen city (or every city), a developer’s own projects, the projects a construction or supervision unit has joined; the district, type and batch filters only narrow it.',
    source: 'projects, project_orgs',
  },
  {
    key: 'counted_filings',
    name: '计入统计的填报',
    nameEn: 'Counted filings',
    definition:
      '每个项目每季度现行的一份填报（被更正取代的版本不计），状态为已报送、重新报送、已确认或已锁定；草稿和已退回不计。勾选“仅统计已确认”时只计已确认和已锁定。尚无填报时金额为 0、比例为空。',
    definitionEn:
      'One filing in force per project and quarter (a version superseded by a correction is not counted) that is submitted, resubmitted, confirmed or locked; drafts and returned filings are not. With “confirmed only”, only confirmed and locked ones. With no filing yet, amounts are 0 and shares null.',
    source: 'procurement_filings, filing_facts',
  },
  {
    key: 'projects',
    name: '项目数',
    nameEn: 'Projects',
    definition: '统计范围内的项目个数（不论是否已填报）。',
    definitionEn: 'Projects in scope, filed or not.',
    source: 'projects',
  },
  {
    key: 'floor_area',
    name: '总建筑面积',
    nameEn: 'Gross floor area',
    definition: '统计范围内项目的总建筑面积之和（平方米）。',
    definitionEn: 'Sum of the projects’ gross floor area, m².',
    source: 'projects.gross_floor_area',
  },
  {
    key: 'filed',
    name: '已填报项目',
    nameEn: 'Filed projects',
    definition: '本季度有计入统计的填报的项目数。',
    definitionEn: 'Projects with a counted filing for the quarter.',
    source: 'procurement_filings',
  },
  {
    key: 'overdue',
    name: '逾期项目',
    nameEn: 'Overdue projects',
    definition:
      '截止日（下一季度首月 5 日）已过仍无已报送的填报，或首次报送晚于截止日的项目数（按北京时间日期比较；“仅统计已确认”不改变逾期判断）。',
    definitionEn:
      'Projects with no filing sent once the deadline (the 5th of the next quarter’s first month) has passed, or whose first submission came after it (days in China time; “confirmed only” does not change lateness).',
    source: 'procurement_filings.due_on, first_submitted_at',
  },
  {
    key: 'standard_spend',
    name: '标准内采购金额',
    nameEn: 'Spend in the standard',
    definition: '计入统计的填报明细中属于需求标准品类（必选类、可选类）的金额之和（分）；标准外明细不计。',
    definitionEn:
      'Amount of the counted filings’ lines in the demand standard’s categories (mandatory and optional), in fen; lines outside the standard are left out.',
    source: 'filing_facts.amount_fen',
  },
  {
    key: 'green_spend',
    name: '绿色建材采购金额',
    nameEn: 'Green spend',
    definition:
      '标准内明细中绿色的金额之和：交付日有有效绿色建材认证证书（星级 1–3），或有在版本规定期限内的检验检测报告。',
    definitionEn:
      'Amount of the standard’s lines that are green: a valid green-building-material certificate (1–3 stars) on the delivery date, or a test report within the edition’s window.',
    source: 'filing_facts.green_amount_fen',
  },
  {
    key: 'green_share',
    name: '绿色建材采购占比',
    nameEn: 'Green share',
    definition: '绿色建材采购金额 ÷ 标准内采购金额，以万分比表示；标准内金额为 0 时为空。',
    definitionEn: 'Green spend ÷ spend in the standard, in basis points; null when the spend in the standard is 0.',
    source: 'filing_facts',
  },
  {
    key: 'mandatory_compliance',
    name: '必选类合规率',
    nameEn: 'Mandatory compliance',
    definition:
      '有必选类明细的已填报项目中，必选类明细全部为绿色（按项目执行版本的规则，财库〔2024〕36号）的项目所占比例；按项目每季度的填报事实逐行（品类 × 类别 × 星级）交由合同中的 complianceOf 判定。无此类项目时为空。',
    definitionEn:
      'Of the filed projects with mandatory lines, the share whose mandatory lines are all green under the project edition’s rule (财库〔2024〕36号); each project’s quarter is judged by the contract’s complianceOf, one line per fact row (category × kind × star bucket). Null when no project has mandatory lines.',
    source: 'filing_facts, standard_rules',
  },
  {
    key: 'mandatory_failing',
    name: '必选类不合规项目',
    nameEn: 'Projects failing the mandatory rule',
    definition: '必选类明细中有非绿色明细的已填报项目数。',
    definitionEn: 'Filed projects with a mandatory line that is not green.',
    source: 'filing_facts, standard_rules',
  },
  {
    key: 'optional_coverage',
    name: '可选类覆盖率',
    nameEn: 'Optional coverage',
    definition:
      '项目使用的可选类品类中至少有一条绿色明细的品类数 ÷ 使用的可选类品类数；达到版本规定的最低比例（2025 版 40%，恰好 40% 即达标）为达标。版本无此规则或未用可选类的项目不参与。',
    definitionEn:
      'Optional categories a project uses with at least one green line ÷ optional categories it uses; meeting the edition’s minimum (2025: 40 %, exactly 40 % meets) passes. Projects whose edition has no such rule, or that use no optional category, take no part.',
    source: 'filing_facts, standard_rules',
  },
  {
    key: 'optional_failing',
    name: '可选类未达标项目',
    nameEn: 'Projects below the optional minimum',
    definition: '可选类覆盖率低于版本最低比例的已填报项目数。',
    definitionEn: 'Filed projects whose optional coverage is below the edition’s minimum.',
    source: 'filing_facts, standard_rules',
  },
  {
    key: 'payment_filed',
    name: '填报进度款的项目',
    nameEn: 'Filings stating progress payment',
    definition: '计入统计的填报中填写了已完工程价值（大于 0）和已付进度款的份数。',
    definitionEn: 'Counted filings stating a completed-work value above 0 and the progress payment made.',
    source: 'procurement_filings.completed_value_fen, progress_paid_fen',
  },
  {
    key: 'payment_below',
    name: '进度款不足 80%',
    nameEn: 'Progress payment below 80 %',
    definition: '已付进度款 ÷ 已完工程价值低于 80%（财库〔2022〕35号；恰好 80% 为达标，整数比较）的填报份数。',
    definitionEn:
      'Filings whose progress payment ÷ completed-work value is below 80 % (财库〔2022〕35号; exactly 80 % meets; compared in integers).',
    source: 'procurement_filings',
  },
  {
    key: 'certified_products',
    name: '有效认证产品',
    nameEn: 'Certified products',
    definition:
      '在统计范围城市已入库的产品中，今天（北京时间）有在有效期内、星级为一至三星的绿色建材认证证书（平台颁发且未撤销的，或其他认证机构颁发的）的产品数，与产品库“绿色建材”标签的口径一致。',
    definitionEn:
      'Products listed in the scope’s cities with a green certificate (1–3 stars) valid today (China time): issued on the platform and not revoked, or by another body; the catalogue’s green tag reads the same.',
    source: 'product_listings, product_documents, certificates',
  },
  {
    key: 'certificates_expiring_90',
    name: '90 天内到期证书',
    nameEn: 'Certificates ending within 90 days',
    definition: '上述有效证书中，有效期截止日在今天至 90 天后之间的证书数。',
    definitionEn: 'Certificates of those products, not revoked, whose last day is between today and 90 days on.',
    source: 'product_listings, product_documents, certificates',
  },
  {
    key: 'open_alerts',
    name: '未关闭预警',
    nameEn: 'Open alerts',
    definition:
      '状态不是已关闭的风险预警，按高、中、低等级计数：范围内项目的预警，住建委和运营方按城市统计且未按区县、类型、批次筛选时另计不属于项目的本市预警。',
    definitionEn:
      'Risk alerts not closed, by severity: those on the scope’s projects, plus, for a whole city without district, type or batch filters, the city’s alerts on no project.',
    source: 'risk_alerts',
  },
  {
    key: 'with_alerts',
    name: '有未关闭预警的项目',
    nameEn: 'Projects with open alerts',
    definition: '有至少一条未关闭风险预警的项目。',
    definitionEn: 'Projects with at least one alert not closed.',
    source: 'risk_alerts',
  },
  {
    key: 'districts',
    name: '区县分布',
    nameEn: 'By district',
    definition: '按项目所在区县（GB/T 2260）汇总的项目数与标准内、绿色采购金额；名称取行政区划表。',
    definitionEn:
      'Projects and spend in the standard and green spend by the project’s district (GB/T 2260); names from the divisions table.',
    source: 'projects, filing_facts, administrative_divisions',
  },
  {
    key: 'categories',
    name: '品类分布',
    nameEn: 'By category',
    definition: '按需求标准品类与类别（必选类、可选类、标准外）汇总的明细数、金额、绿色金额与星级构成。',
    definitionEn:
      'Lines, amount, green amount and star mix by demand-standard category and kind (mandatory, optional, outside).',
    source: 'filing_facts, standard_categories',
  },
  {
    key: 'star_mix',
    name: '星级构成',
    nameEn: 'Star mix',
    definition: '标准内明细金额按证明分档：一星、二星、三星（认证证书星级），仅检测报告（report），非绿色（none）。',
    definitionEn:
      'The standard’s line amounts by proof: 1, 2 or 3 stars (the certificate’s), test report only (report), not green (none).',
    source: 'filing_facts.star_bucket',
  },
  {
    key: 'trend',
    name: '季度趋势',
    nameEn: 'Quarterly trend',
    definition: '本年度第一季度至所选季度，各季度的标准内金额、绿色金额与占比。',
    definitionEn:
      'From the year’s first quarter to the one chosen: each quarter’s spend in the standard, green spend and share.',
    source: 'filing_facts',
  },
  {
    key: 'year_to_date',
    name: '年度累计',
    nameEn: 'Year to date',
    definition: '本年度第一季度至该季度（含）的金额累计与累计占比（累计绿色金额 ÷ 累计标准内金额）。',
    definitionEn:
      'Amounts accumulated from the year’s first quarter up to and including that quarter, and the accumulated share.',
    source: 'filing_facts',
  },
  {
    key: 'projects_by_type',
    name: '按项目类型',
    nameEn: 'Projects by type',
    definition: '统计范围内项目按类型（1–9）的个数与建筑面积。',
    definitionEn: 'Projects in scope and their floor area by project type (1–9).',
    source: 'projects.type',
  },
  {
    key: 'projects_by_step',
    name: '按项目阶段',
    nameEn: 'Projects by step',
    definition: '统计范围内项目按当前阶段（已登记、设计、施工图、竣工验收）的个数。',
    definitionEn: 'Projects in scope by their current step.',
    source: 'projects.step',
  },
  {
    key: 'top_suppliers',
    name: '主要供应商',
    nameEn: 'Top suppliers',
    definition:
      '按标准内绿色采购金额排名前 10 的供应商；平台内供应商按单位计，平台外按统一社会信用代码，无代码时按填报名称。',
    definitionEn:
      'The 10 suppliers with the most green spend in the standard: a platform organisation by its id, one off the platform by its credit code, else by the name filed.',
    source: 'filing_supplier_facts',
  },
  {
    key: 'top5_share',
    name: '前五供应商集中度',
    nameEn: 'Top-5 concentration',
    definition: '绿色金额最大的 5 家供应商的绿色金额之和 ÷ 全部绿色金额；绿色金额为 0 时为空。',
    definitionEn: 'Green spend of the five largest suppliers ÷ all green spend; null when green spend is 0.',
    source: 'filing_supplier_facts',
  },
  {
    key: 'local_share',
    name: '本地供应商占比',
    nameEn: 'Local share',
    definition:
      '注册地在项目所在城市的平台内供应商的绿色金额 ÷ 全部绿色金额；平台外供应商注册地未知，计入分母但不计为本地。',
    definitionEn:
      'Green spend with platform suppliers registered in the project’s city ÷ all green spend; suppliers off the platform (region unknown) count in the whole, never as local.',
    source: 'filing_supplier_facts, organizations.region_code',
  },
  {
    key: 'transport_carbon',
    name: '运输碳排放',
    nameEn: 'Transport carbon',
    definition:
      '本季度（首次收货日）送达范围内项目的发货单运输碳排放之和（kg CO₂e，GB/T 51366 附录 D 因子）；缺少单位质量的发货单按 0 计并另行计数。',
    definitionEn:
      'Transport kg CO₂e of the shipments to the scope’s projects first received in the quarter (GB/T 51366 appendix D factors); a shipment missing a mass per unit counts 0 and is counted apart.',
    source: 'shipments.kg_co2e, receipts.arrived_on',
  },
  {
    key: 'carbon_by_mode',
    name: '按运输方式',
    nameEn: 'Carbon by transport mode',
    definition: '上述碳排放按运输方式汇总；名称取运输方式表。',
    definitionEn: 'That carbon by transport mode; names from the transport types table.',
    source: 'shipments.transport_type, transport_types',
  },
  {
    key: 'average_distance',
    name: '平均运距',
    nameEn: 'Average distance',
    definition: '上述发货单运距的平均值（公里）；无发货时为空。',
    definitionEn: 'Mean distance of those shipments, km; null with none.',
    source: 'shipments.distance_km',
  },
  {
    key: 'default_distance_share',
    name: '默认运距占比',
    nameEn: 'Default distance share',
    definition: '运距采用标准默认值（40 或 500 公里）而非实测的发货单所占比例；无发货时为空。',
    definitionEn: 'Share of those shipments whose distance is the standard’s default (40 or 500 km), not measured.',
    source: 'shipments.distance_source',
  },
  {
    key: 'missing_mass',
    name: '缺少质量的发货',
    nameEn: 'Deliveries missing mass',
    definition: '有明细缺少单位质量、碳排放未完整计算的发货单数。',
    definitionEn: 'Shipments with a line lacking mass per unit, whose carbon is incomplete.',
    source: 'shipments.missing_mass_lines',
  },
  {
    key: 'spot_checks',
    name: '抽检',
    nameEn: 'Spot checks',
    definition: '范围内项目本季度（检查日期）的平行、巡视和监管抽检次数及合格次数。',
    definitionEn:
      'Parallel, patrol and regulatory checks on the scope’s projects checked in the quarter, and those passed.',
    source: 'spot_checks',
  },
  {
    key: 'retests_required',
    name: '需复试的进场验收',
    nameEn: 'Inspections requiring a retest',
    definition: '范围内项目本季度（到场登记日，北京时间）进场验收中按规则需见证复试的批次数。',
    definitionEn:
      'Site inspections on the scope’s projects registered in the quarter (China time) that require a witnessed retest.',
    source: 'site_inspections.retest_required',
  },
  {
    key: 'witness_share',
    name: '见证取样率',
    nameEn: 'Witnessed share',
    definition: '上述需复试批次中已有见证取样记录的批次所占比例；无需复试批次时为空。',
    definitionEn: 'Of those inspections, the share with a witnessed sample; null when none requires a retest.',
    source: 'site_inspections, witness_samples',
  },
  {
    key: 'sample_results',
    name: '见证取样结果',
    nameEn: 'Sample results',
    definition: '范围内项目本季度（报告日期）出具报告的见证取样中合格与不合格的份数。',
    definitionEn: 'Witnessed samples of the scope’s projects reported in the quarter (report date): passed and failed.',
    source: 'witness_samples.result',
  },
];
