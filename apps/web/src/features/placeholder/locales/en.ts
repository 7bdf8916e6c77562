import type { RouteDescStrings } from './zh-CN.ts';

/** The route descriptions in English (same keys as zh-CN.ts). */
const routeDescEn: RouteDescStrings = {
  marketingDashboard:
    'Smart business card: your enterprise card and featured products, a QR code to share it, and how often it is viewed and forwarded.',
  documentManagement:
    'Enterprise disk: business licence, qualification certificates, test reports and product documents in one place, to upload, sort, preview and share.',
  productList:
    'Products: filter your products by name, category, green material, government procurement, star rating and recommendation, 10 per page.',
  productEdit:
    'Edit product: name, category, material type (conventional or prefabricated) and specifications, with the carbon-footprint report and green certification, then submit for review.',
  productDetails:
    'Product details: information, tags (prefabricated, low-carbon, green, government procurement), specifications, listed cities and review history.',
  productSuccess: 'Submitted: the result after a product was sent for review, to add another or return to the list.',
  productSpotCheck: 'Spot checks: sampling batches, test items and conclusions of regulators for your products.',
  productManagement:
    'City listings: your listing applications per city with the platform and committee review status; a rejection shows its reason and can be corrected and resubmitted.',
  warehousingEdit:
    'Listing application: choose a city and fill in its qualification elements (text, choices, lists and attachments), then submit for review.',
  warehousingBatch: 'Batch listing: submit several products to one city at once after checking each element.',
  warehousingDetails: 'Listing details: the elements filled in, the review flow and the reviewers’ comments.',
  specsList:
    'Sales information: specifications, units and prices of your products, filterable by product, 10 per page.',
  specsEdit: 'Edit specification: its name, unit of measure (37 units) and price.',
  specsBatchEdit: 'Batch edit specifications: change the units and prices of several specifications at once.',
  specsDetails: 'Specification details: unit, price and the product it belongs to.',
  productManuals: 'Product manuals: upload and manage user manuals, installation guides and safety data.',
  storageIndex:
    'Evidence records: store test reports, contracts and other files; each record carries a Merkle inclusion proof anyone can verify.',
  applyCertificate:
    'Apply for a certificate: apply to a certification body on the strength of stored evidence: certified application, self-declaration or normal application.',
  storageDetail: 'Evidence details: file fingerprint (SHA-256), time stored, signed tree head and inclusion proof.',
  checkDetail: 'Verification details: recompute and verify the inclusion proof and tree-head signature in the browser.',
  storageSelect: 'Choose application type: certified, self-declared or normal, with the documents each needs.',
  certifiedApply: 'Certified application: choose a certification body and submit product and evidence for its review.',
  selfDeclarate: 'Self-declaration: declare that a product meets the green building material standard, with evidence.',
  normalApply: 'Normal application: a general certificate application with product information and evidence.',
  myApplys: 'My applications: submitted certificate applications and their review status, with reasons for rejections.',
  myApplysDetail: 'Application details: contents, attached evidence and the certification body’s comments.',
  approvalIndex:
    'Certificate approval: review applications; approval issues a certificate with number, validity and QR code, rejection records a reason.',
  approvalDetail: 'Approval details: the application and its evidence check, to approve or reject.',
  certificateIndex: 'My certificates: number, validity and QR code of issued certificates, to download and share.',
  certificateSuccess: 'Application submitted: the result page with the application’s progress.',
  certificateFail: 'Application not submitted: why, and how to correct and submit again.',
  agentIndex:
    'Distributor authorisations: authorise distributors to sell chosen products in given regions for a period; view and revoke.',
  agentForm:
    'New authorisation: distributor, products, regions and validity; the distributor then sees them under licensed products.',
  traceDashboard: 'Traceability dashboard: shipped, in transit and received quantities, and transport emissions.',
  productDashboard: 'Product dashboard: stock, shipments and destinations per product.',
  sendProduct:
    'Ship products: specifications and quantities, receiving organisation or project, transport type (16 types) and distance; a trace code for each unit or package.',
  trackList: 'Shipments: shipping orders and their receipt status, filterable by date, receiver and product.',
  sourceDetail: 'Trace details: the whole chain of a trace code from the factory through transport to receipt.',
  inventoryDetail:
    'Inventory details: stock-in, shipments, receipts and issues of a specification; stock never goes negative.',
  addressManagement: 'Addresses: your usual shipping and receiving addresses.',
  enterpriseInspectionInfo:
    'Inspection records: regulators’ inspections of your enterprise, findings and required corrections.',
  carbonExchange: 'Carbon exchange: your carbon assets and trades. It opens in the platform’s account centre.',
  organizationManagement: 'Organisation management: departments and staff. It opens in the platform’s account centre.',
  profile: 'Profile: name, avatar and contact details. It opens in the platform’s account centre.',
  distributorProductList:
    'Licensed products: products manufacturers authorised you to distribute, with regions and validity, 10 per page.',
  distributorProductEdit: 'Edit distributed product: selling price and supply location.',
  distributorProductDetails: 'Distributed product details: information, specifications and manufacturer.',
  licensedProductDetails:
    'Licence details: the authorisation, products, regions and period, and the manufacturer’s contacts.',
  contractList: 'Contracts: sales contracts with your customers, their amounts, fulfilment and shipping progress.',
  contractUpload: 'Upload contract: number, buyer, amount and product lines, with the signed contract file.',
  contractDetail: 'Contract details: information, attachment and the shipments made against it.',
  contractSendProduct: 'Ship against contract: ship by the contract’s lines, never beyond what remains.',
  sources:
    'Supply: products received from manufacturers with their trace codes; confirming receipt adds them to stock.',
  materialSources: 'Material sources: materials entering your projects, their suppliers and trace codes.',
  projectList:
    'Project list: the projects your organisation takes part in, filterable by stage (registered, design, construction drawing, completion acceptance).',
  projectDetail: 'Project details: information, participating organisations and members, stock and movements.',
  stockImport: 'Import stock: upload a stock sheet from the template and import it after checking.',
  stockExport: 'Export stock: download the stock sheet of a project and period.',
  receiveTrackDetail: 'Receipt trace details: the shipping order, transport and trace codes behind a receipt.',
  receiveInvoiceDetail: 'Receipt details: materials, quantities and who signed for them.',
  outboundOrderDetail: 'Outbound order details: materials, quantities, where used and who collected them.',
  outboundRecord: 'Outbound records: every issue of a project’s materials.',
  constructionStock: 'Project stock: materials in stock per project, following receipts and issues.',
  constructionStockDetail: 'Stock details: receipts, issues and balance of one material in a project.',
  constructionReceive:
    'Receive materials: confirm delivered materials, in part if need be; received goods join project stock.',
  receiveDetail: 'Receipt details: materials, quantities received and reasons for refusals.',
  constructionOutbound: 'Issue materials: quantity, where used and who collects; never more than in stock.',
  outboundDetail: 'Outbound details: materials, quantities and collection of one issue.',
  spotCheck:
    'Spot checks: sample delivered materials, record test results; a failed lot is refused and the parties are notified.',
  spotCheckDetail: 'Spot check details: batch, test items, report and conclusion.',
  materialsList: 'Material list: materials, specifications and quantities a project needs, filterable by tag.',
  materialsSummary: 'Material summary: quantities and budget by category, with the share of green materials.',
  materialsSummaryDetail: 'Summary details: lines of one category and candidate products.',
  selectionAndPurchase:
    'Selection and purchase: compare products and suppliers in the city catalogue by the four tags, then purchase.',
  alternateSuppliers:
    'Alternate suppliers: backup suppliers per material, compared by qualifications, certificates and price.',
  procurementRegion: 'Procurement region: the region a project buys in, which sets the catalogue it chooses from.',
  procurementInquiryDetail:
    'Request for quotation: its materials, invited suppliers and sealed quotes, compared and awarded after the deadline.',
  procurementOrders: 'Purchase orders: orders from awards or direct purchases, followed through shipping and delivery.',
  procurementOrderDetail: 'Purchase order: its lines, the supplier’s confirmation, shipments and deliveries.',
  supplierInquiries: 'Requests for quotation: inquiries buyers sent to you, to quote before their deadline.',
  supplierInquiryDetail: 'Quote: unit prices and delivery dates per line, submitted to the buyer.',
  supplierOrders: 'Orders received: orders buyers placed with you, to confirm and ship against.',
  supplierOrderDetail: 'Order: confirm it and ship against it.',
  procurementPolicy:
    'Policy data: the demand standard’s categories per edition, mandatory and optional, rule parameters and policy cities, every change audited.',
  materialFill:
    'Procurement filings: per project and quarter, prefilled from platform data and confirmed by the city committee.',
  filingDetail:
    'Filing: one project’s quarter of procurement lines, evidence and progress payment, with its submissions and decisions.',
  riskAlerts:
    'Risk alerts: findings of the risk rules, explained by the project’s organisation and handled by the committee.',
  alertDetail: 'Alert: the rule, its basis, the evidence and what was done.',
  riskRules: 'Risk rules: each rule’s code, legal basis, definition, severity and version.',
  statisticsList:
    'Procurement statistics: share of green and government-procurement materials by region, category and period.',
  issuedCertificates: 'Certificates: certificates your body issued, their validity and status, to revoke or check.',
  cities:
    'City catalogue: approved green building materials listed in each city, by category and tag, without signing in.',
  citiesCommittee: 'Committee area: a city committee’s view of its listings’ reviews and spot checks.',
  freeCertificate:
    'Check a certificate: its status by number, and its evidence proof verified in the browser, without signing in.',
  mobileIndex:
    'Scan to trace: the page a product’s trace code opens on a phone: product, manufacturer and certificate status.',
  mobileDetail: 'Trace chain: a trace code’s whole chain from factory to site, on a phone.',
  sitemaps: 'Site map: every public page of the platform.',
  showDiskLoginInfo: 'Shared disk link: what a shared enterprise-disk link shows, with sign-in instructions.',
  productDetailsExternal: 'Public product page: tags, certificates and listed cities of a product, without signing in.',
  snapshot: 'Snapshot: an archived copy of a product’s or enterprise’s information at one moment.',
};

export default routeDescEn;
