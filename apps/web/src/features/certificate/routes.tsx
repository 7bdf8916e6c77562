import { lazy } from 'react';
import type { RouteItem } from '../../app/route-types.ts';

// This file is part of the console shell (the route table imports it): it imports no contract schemas, only the
// pages, lazily. Application types: 1 certified, 2 self-declared, 3 normal (contract ApplicationType).
const forms = () => import('./pages/ApplicationFormPage.tsx');
const CertifiedApply = lazy(() => forms().then((m) => ({ default: () => <m.ApplicationFormPage type={1} /> })));
const SelfDeclarate = lazy(() => forms().then((m) => ({ default: () => <m.ApplicationFormPage type={2} /> })));
const NormalApply = lazy(() => forms().then((m) => ({ default: () => <m.ApplicationFormPage type={3} /> })));
const ApplyCertificate = lazy(() =>
  import('./pages/ApplyCertificatePage.tsx').then((m) => ({ default: m.ApplyCertificatePage })),
);
const lists = () => import('./pages/ApplicationListPage.tsx');
const MyApplys = lazy(() => lists().then((m) => ({ default: () => <m.ApplicationListPage mode="mine" /> })));
const Approvals = lazy(() => lists().then((m) => ({ default: () => <m.ApplicationListPage mode="approval" /> })));
const ApprovalNotice = lazy(() =>
  import('./pages/ApprovalNoticePage.tsx').then((m) => ({ default: m.ApprovalNoticePage })),
);
const details = () => import('./pages/ApplicationDetailPage.tsx');
const MyApplyDetail = lazy(() => details().then((m) => ({ default: () => <m.ApplicationDetailPage mode="mine" /> })));
const ApprovalDetail = lazy(() =>
  details().then((m) => ({ default: () => <m.ApplicationDetailPage mode="approval" /> })),
);
const certs = () => import('./pages/CertificatesPage.tsx');
const HeldCertificates = lazy(() => certs().then((m) => ({ default: () => <m.CertificatesPage mode="held" /> })));
const IssuedCertificates = lazy(() => certs().then((m) => ({ default: () => <m.CertificatesPage mode="issued" /> })));
const results = () => import('./pages/CertificateResultPage.tsx');
const Success = lazy(() => results().then((m) => ({ default: () => <m.CertificateResultPage outcome="success" /> })));
const Fail = lazy(() => results().then((m) => ({ default: () => <m.CertificateResultPage outcome="fail" /> })));
const FreeCertificate = lazy(() => import('./pages/FreeCertificatePage.tsx'));

/** The application steps are a guide: the menu keeps "申请证书" lit through them. */
const guide = { guidePath: true, jumpPath: '/blockchain/applyCertificate/index' };

/**
 * The certificate pages of the /blockchain groups (paths relative to the group) and the public lookup, with the
 * paths, menu flags and titles the route table gave them.
 */
export const certificateRoutes = {
  applyCertificate: {
    path: 'applyCertificate/index',
    component: ApplyCertificate,
    meta: { title: 'route.applyCertificate' },
  },
  certifiedApply: {
    path: 'storage/certifiedApply',
    hidden: true,
    component: CertifiedApply,
    meta: { title: 'route.certifiedApply', ...guide },
  },
  selfDeclarate: {
    path: 'storage/selfDeclarate',
    hidden: true,
    component: SelfDeclarate,
    meta: { title: 'route.selfDeclarate', ...guide },
  },
  normalApply: {
    path: 'storage/normalApply',
    hidden: true,
    component: NormalApply,
    meta: { title: 'route.normalApply', ...guide },
  },
  myApplys: { path: 'myApplys/index', component: MyApplys, meta: { title: 'route.myApplys' } },
  myApplysDetail: {
    path: 'myApplys/detail',
    hidden: true,
    component: MyApplyDetail,
    meta: { title: 'route.myApplysDetail', activeMenu: '/blockchain/myApplys/index' },
  },
  /** The manufacturer's tree keeps the address, unlisted: a page saying that certification bodies decide. */
  approvalIndexHidden: {
    path: 'approval/index',
    hidden: true,
    component: ApprovalNotice,
    meta: { title: 'route.approvalIndex' },
  },
  approvalIndex: {
    path: 'approval/index',
    component: Approvals,
    meta: { title: 'route.approvalIndex', keepAlive: true },
  },
  approvalDetail: {
    path: 'approval/detail',
    hidden: true,
    component: ApprovalDetail,
    meta: { title: 'route.approvalDetail', activeMenu: '/blockchain/approval/index' },
  },
  heldCertificates: {
    path: 'certificate/index',
    component: HeldCertificates,
    meta: { title: 'route.certificateIndex' },
  },
  issuedCertificates: {
    path: 'certificate/index',
    component: IssuedCertificates,
    meta: { title: 'route.issuedCertificates' },
  },
  success: {
    path: 'certificate/success',
    hidden: true,
    component: Success,
    meta: { title: 'route.certificateSuccess', activeMenu: '/blockchain/certificate/index' },
  },
  fail: {
    path: 'certificate/fail',
    hidden: true,
    component: Fail,
    meta: { title: 'route.certificateFail', activeMenu: '/blockchain/certificate/index' },
  },
  /** A certification body lands on these after a decision: the menu keeps its approval queue lit. */
  bodySuccess: {
    path: 'certificate/success',
    hidden: true,
    component: Success,
    meta: { title: 'route.certificateIssued', activeMenu: '/blockchain/approval/index' },
  },
  bodyFail: {
    path: 'certificate/fail',
    hidden: true,
    component: Fail,
    meta: { title: 'route.certificateRejected', activeMenu: '/blockchain/approval/index' },
  },
} satisfies Record<string, RouteItem>;

/** /free/certificate: public, no sign-in (the certificate's QR code opens it with ?no=). */
export const freeCertificateRoute: RouteItem = {
  path: '/free/certificate',
  component: FreeCertificate,
  meta: { title: 'route.freeCertificate' },
};
