import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

// This file is part of the console shell (the route table imports it): it imports no contract schemas (the page
// paths only), and the pages lazily. Application types: 1 certified, 2 self-declared, 3 normal (contract ApplicationType).
const forms = () => import('./pages/ApplicationFormPage.tsx');
const CertifiedApply = lazyPage(() => forms().then((m) => ({ default: () => <m.ApplicationFormPage type={1} /> })));
const SelfDeclarate = lazyPage(() => forms().then((m) => ({ default: () => <m.ApplicationFormPage type={2} /> })));
const NormalApply = lazyPage(() => forms().then((m) => ({ default: () => <m.ApplicationFormPage type={3} /> })));
const ApplyCertificate = lazyPage(() =>
  import('./pages/ApplyCertificatePage.tsx').then((m) => ({ default: m.ApplyCertificatePage })),
);
const lists = () => import('./pages/ApplicationListPage.tsx');
const MyApplys = lazyPage(() => lists().then((m) => ({ default: () => <m.ApplicationListPage mode="mine" /> })));
const Approvals = lazyPage(() => lists().then((m) => ({ default: () => <m.ApplicationListPage mode="approval" /> })));
const ApprovalNotice = lazyPage(() =>
  import('./pages/ApprovalNoticePage.tsx').then((m) => ({ default: m.ApprovalNoticePage })),
);
const details = () => import('./pages/ApplicationDetailPage.tsx');
const applicationData = () => import('./application-detail-data.ts');
const MyApplyDetail = lazyPage(() =>
  details().then((m) => ({ default: () => <m.ApplicationDetailPage mode="mine" /> })),
);
const ApprovalDetail = lazyPage(() =>
  details().then((m) => ({ default: () => <m.ApplicationDetailPage mode="approval" /> })),
);
const certs = () => import('./pages/CertificatesPage.tsx');
const HeldCertificates = lazyPage(() => certs().then((m) => ({ default: () => <m.CertificatesPage mode="held" /> })));
const IssuedCertificates = lazyPage(() =>
  certs().then((m) => ({ default: () => <m.CertificatesPage mode="issued" /> })),
);
const results = () => import('./pages/CertificateResultPage.tsx');
const Success = lazyPage(() =>
  results().then((m) => ({ default: () => <m.CertificateResultPage outcome="success" /> })),
);
const Fail = lazyPage(() => results().then((m) => ({ default: () => <m.CertificateResultPage outcome="fail" /> })));
const FreeCertificate = lazyPage(() => import('./pages/FreeCertificatePage.tsx'));

/** The application steps are a guide: the menu keeps "申请证书" lit through them. */
const guide = { guidePath: true, jumpPath: '/blockchain/applyCertificate/index' };

/**
 * The certificate pages of the /blockchain groups (paths relative to the group, or the contract's pages) and the
 * public lookup, with the paths, menu flags and titles the route table gave them.
 */
export const certificateRoutes = {
  applyCertificate: page('applyCertificate/index', 'applyCertificate', ApplyCertificate),
  certifiedApply: page('storage/certifiedApply', 'certifiedApply', CertifiedApply, { hidden: true, ...guide }),
  selfDeclarate: page('storage/selfDeclarate', 'selfDeclarate', SelfDeclarate, { hidden: true, ...guide }),
  normalApply: page('storage/normalApply', 'normalApply', NormalApply, { hidden: true, ...guide }),
  myApplys: page('myApplys/index', 'myApplys', MyApplys),
  myApplysDetail: page(pages.myApplicationDetail.path, 'myApplysDetail', MyApplyDetail, {
    hidden: true,
    activeMenu: '/blockchain/myApplys/index',
    data: applicationData,
  }),
  /** The manufacturer's tree keeps the address, unlisted: a page saying that certification bodies decide. */
  approvalIndexHidden: page('approval/index', 'approvalIndex', ApprovalNotice, { hidden: true }),
  approvalIndex: page('approval/index', 'approvalIndex', Approvals, { keepAlive: true }),
  approvalDetail: page(pages.approvalDetail.path, 'approvalDetail', ApprovalDetail, {
    hidden: true,
    activeMenu: '/blockchain/approval/index',
    data: applicationData,
  }),
  heldCertificates: page(pages.certificates.path, 'certificateIndex', HeldCertificates),
  issuedCertificates: page(pages.certificates.path, 'issuedCertificates', IssuedCertificates),
  success: page('certificate/success', 'certificateSuccess', Success, {
    hidden: true,
    activeMenu: pages.certificates.path,
  }),
  fail: page('certificate/fail', 'certificateFail', Fail, {
    hidden: true,
    activeMenu: pages.certificates.path,
  }),
  /** A certification body lands on these after a decision: the menu keeps its approval queue lit. */
  bodySuccess: page('certificate/success', 'certificateIssued', Success, {
    hidden: true,
    activeMenu: '/blockchain/approval/index',
  }),
  bodyFail: page('certificate/fail', 'certificateRejected', Fail, {
    hidden: true,
    activeMenu: '/blockchain/approval/index',
  }),
} satisfies Record<string, RouteItem>;

/** /free/certificate: public, no sign-in (the certificate's QR code opens it with ?no=). */
export const freeCertificateRoute: RouteItem = page(pages.certificateVerify.path, 'freeCertificate', FreeCertificate);
