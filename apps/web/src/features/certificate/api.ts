import type { ApproveBody, EndpointData, EndpointInput, EndpointParsed } from '@jcbb/contract';
import { certificateEndpoints as api } from '@jcbb/contract/certificate.endpoints';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, download, keyOf, upload } from '../../lib/api.ts';

export type ApplicationList = EndpointData<typeof api.applications>;
export type ApplicationItem = ApplicationList['list'][number];
export type ApplicationDetail = EndpointData<typeof api.application>;
export type CertificateItem = EndpointData<typeof api.certificate>;

/** A page of applications as the console keeps it (the query as the server reads it). */
export type ApplicationQuery = EndpointParsed<typeof api.applications>['query'];
/** A page of certificates as the console keeps it (the query as the server reads it). */
export type CertificateQuery = EndpointParsed<typeof api.certificates>['query'];
type SaveBody = EndpointInput<typeof api.createApplication>;

/**
 * The certificate calls (server module `certificate`), one function each. Form submissions are silent: the form
 * shows the server's per-field messages itself.
 */
export const certificateApi = {
  // Applicant
  applications: (query: ApplicationQuery) => call(api.applications, { ...query }),
  application: (id: number) => call(api.application, { id }),
  create: (body: SaveBody) => call(api.createApplication, { ...body }, { silent: true }),
  update: (id: number, body: SaveBody) => call(api.updateApplication, { ...body, id }, { silent: true }),
  submit: (id: number) => call(api.submitApplication, { id }),
  withdraw: (id: number) => call(api.withdrawApplication, { id }),
  bodies: () => call(api.bodies),

  // Certification body
  approvals: (query: ApplicationQuery) => call(api.approvals, { ...query }),
  /** An application addressed to the caller's body (the same call as the applicant's, the server checks which). */
  approval: (id: number) => call(api.application, { id }),
  approve: (id: number, body: ApproveBody) => call(api.approveApplication, { ...body, id }, { silent: true }),
  reject: (id: number, reason: string) => call(api.rejectApplication, { id, reason }, { silent: true }),

  // Certificates: those the organisation holds, and those a body issued
  certificates: (query: CertificateQuery) => call(api.certificates, { ...query }),
  issued: (query: CertificateQuery) => call(api.issuedCertificates, { ...query }),
  revoke: (id: number, reason: string) => call(api.revokeCertificate, { id, reason }, { silent: true }),
  pdf: (id: number) => download(api.certificatePdf, { id }),

  /**
   * The products the caller may apply for: a manufacturer's own, a distributor's those it has evidence for (the
   * application form's picker).
   */
  applicableProducts: (keyword?: string) => call(api.applicableProducts, { keyword: keyword || undefined }),

  // Evidence files of an application
  file: (id: number) => download(fileEndpoints.download, { id }),
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
};

/** Public calls (no session): the lookup page of the certificate's QR code. */
export const publicCertificateApi = {
  verify: (no: string) => call(api.verify, { no }, { silent: true }),
  pdf: (no: string) => download(api.publicPdf, { no }),
};

// Query options: each key is its endpoint's (`keyOf`), each fetcher the call above (component tests spy on those).

export const applicationListQuery = (query: ApplicationQuery) =>
  queryOptions({ queryKey: keyOf(api.applications, query), queryFn: () => certificateApi.applications(query) });

export const approvalListQuery = (query: ApplicationQuery) =>
  queryOptions({ queryKey: keyOf(api.approvals, query), queryFn: () => certificateApi.approvals(query) });

export const applicationQuery = (id: number) =>
  queryOptions({ queryKey: keyOf(api.application, { id }), queryFn: () => certificateApi.application(id) });

export const certificateListQuery = (query: CertificateQuery) =>
  queryOptions({ queryKey: keyOf(api.certificates, query), queryFn: () => certificateApi.certificates(query) });

export const issuedListQuery = (query: CertificateQuery) =>
  queryOptions({ queryKey: keyOf(api.issuedCertificates, query), queryFn: () => certificateApi.issued(query) });

export const bodiesQuery = () => queryOptions({ queryKey: keyOf(api.bodies), queryFn: () => certificateApi.bodies() });

export const productOptionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: keyOf(api.applicableProducts, { keyword }),
    queryFn: () => certificateApi.applicableProducts(keyword),
  });

export const verifyQuery = (no: string) =>
  queryOptions({ queryKey: keyOf(api.verify, { no }), queryFn: () => publicCertificateApi.verify(no) });

/** The applications (lists and details), after a save or a withdrawal. */
export const invalidateApplications = (queryClient: QueryClient) =>
  Promise.all(
    [api.applications, api.approvals, api.application].map((e) =>
      queryClient.invalidateQueries({ queryKey: keyOf(e) }),
    ),
  );

/** Everything a decision, submission or revocation can make stale: applications and certificates. */
export const invalidateCertificates = (queryClient: QueryClient) =>
  Promise.all(
    [api.applications, api.approvals, api.application, api.certificates, api.issuedCertificates, api.certificate].map(
      (e) => queryClient.invalidateQueries({ queryKey: keyOf(e) }),
    ),
  );
