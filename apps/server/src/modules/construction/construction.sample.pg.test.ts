import { constructionEndpoints as api } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { stockMoves } from '../../db/schema/index.ts';
import { auditRows } from '../../lib/audit.ts';
import { SMALL_PDF, uploadFile } from '../organization/test-support.ts';
import { balanceOf, projectIdOf } from '../trace/trace.test-support.ts';
import { externalLotHeldForRetest, sampleInput } from './construction.sample.test-support.ts';

/**
 * Witness reports of one lot under concurrency on a real PostgreSQL server (docs/construction.md, "Inspection and
 * quarantine"): two reports of the same lot's samples arrive at once. Each report locks the lot's inspection before
 * its sample, so they take turns: the lot is decided once — released once when both pass, rejected once when either
 * fails — and its stock moves once, the ledger adding up. Several lots run at once, so the rounds interleave.
 *
 * It needs a PostgreSQL server (TEST_DATABASE_URL, as construction.issue.pg.test.ts); without one it is skipped.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const LOTS = 6;
const QUANTITY = 20;

describe.runIf(!!adminUrl)('two witness reports of one lot at once on PostgreSQL', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const { call } = callsAs(() => server, tokens);
  let school = 0;
  let pdfs = 0;

  beforeAll(async () => {
    server = await startTestServer();
    expect(server.database.kind).toBe('postgres');
    tokens.builder = await server.login('13800000003');
    tokens.supervisor = await server.login('13800000004');
    school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  });
  afterAll(() => server?.stop());

  const site = () => ({ builder: tokens.builder as string, supervisor: tokens.supervisor as string });

  /** A report file of the witness's organisation (distinct bytes each). */
  async function reportFile(): Promise<number> {
    pdfs += 1;
    const bytes = Buffer.concat([SMALL_PDF, Buffer.from(`\n% race ${pdfs}\n`)]);
    const res = await uploadFile(server, tokens.supervisor as string, `报告${pdfs}.pdf`, bytes, 'application/pdf');
    expect(res.status, res.raw).toBe(200);
    return res.body.data.id as number;
  }

  /** A lot held for its retest with two samples sent to the laboratory, and a report file for each. */
  async function lotWithTwoSamples() {
    const lot = await externalLotHeldForRetest(server, site(), school, { quantity: QUANTITY });
    const samples: { id: number; uploadId: number }[] = [];
    for (const seal of ['A', 'B']) {
      const s = ok(await call('supervisor', api.sampleCreate, sampleInput(lot.inspectionId, { sealNo: `FY-${seal}` })));
      ok(await call('supervisor', api.sampleSend, { id: s.id, sentOn: shanghaiToday() }));
      samples.push({ id: s.id, uploadId: await reportFile() });
    }
    return { ...lot, samples };
  }

  const report = (s: { id: number; uploadId: number }, result: 'pass' | 'fail') =>
    call('supervisor', api.sampleReport, {
      id: s.id,
      reportNo: `BG-RACE-${s.id}`,
      reportDate: shanghaiToday(),
      result,
      reportUploadId: s.uploadId,
    });

  const balance = (lotId: number, bucket: string) => balanceOf(server, `project:${school}`, lotId, bucket);

  /** The lot's moves at the site, in order, as [bucket, quantity, reason]; each running balance never below 0. */
  async function movesOf(lotId: number) {
    const moves = await server.database.db
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.holderKey, `project:${school}`), eq(stockMoves.lotId, lotId)))
      .orderBy(stockMoves.id);
    const running = new Map<string, number>();
    for (const m of moves) {
      const after = (running.get(m.bucket) ?? 0) + Math.round(Number(m.quantity) * 1000);
      running.set(m.bucket, after);
      expect(after).toBeGreaterThanOrEqual(0);
      expect(Math.round(Number(m.balanceAfter) * 1000)).toBe(after);
    }
    for (const [bucket, milli] of running) {
      expect(Math.round((await balance(lotId, bucket)) * 1000)).toBe(milli);
    }
    return moves.map((m) => [m.bucket, Number(m.quantity), m.reason]);
  }

  /** The inspection's state changes in the audit trail, oldest first. */
  async function decisions(inspectionId: number) {
    const rows = await auditRows(server.database.db, {
      entity: 'site_inspection',
      entityId: inspectionId,
    });
    return rows.map((r) => r.log.action);
  }

  const delivered = ['quarantined', QUANTITY, 'receive'];

  it('releases the lot once when both reports pass at once', async () => {
    const lots = await Promise.all(Array.from({ length: LOTS }, () => lotWithTwoSamples()));
    const answers = await Promise.all(lots.flatMap((l) => l.samples.map((s) => report(s, 'pass'))));
    for (const a of answers) expect(a.status, a.raw).toBe(200);
    for (const l of lots) {
      expect(ok(await call('builder', api.inspectionDetail, { id: l.inspectionId })).state).toBe('released');
      expect(await movesOf(l.lotId)).toEqual([
        delivered,
        ['quarantined', -QUANTITY, 'release'],
        ['usable', QUANTITY, 'release'],
      ]);
      expect(await decisions(l.inspectionId)).toEqual(['submit', 'hold', 'retest_pass']);
    }
  });

  it('rejects the lot once when both reports fail at once', async () => {
    const lots = await Promise.all(Array.from({ length: LOTS }, () => lotWithTwoSamples()));
    const answers = await Promise.all(lots.flatMap((l) => l.samples.map((s) => report(s, 'fail'))));
    for (const a of answers) expect(a.status, a.raw).toBe(200);
    for (const l of lots) {
      expect(ok(await call('builder', api.inspectionDetail, { id: l.inspectionId })).state).toBe('rejected');
      expect(await movesOf(l.lotId)).toEqual([
        delivered,
        ['quarantined', -QUANTITY, 'reject'],
        ['rejected', QUANTITY, 'reject'],
      ]);
      expect(await decisions(l.inspectionId)).toEqual(['submit', 'hold', 'retest_fail']);
    }
  });

  it('rejects the lot, never releases it, when a passing and a failing report arrive at once', async () => {
    const lots = await Promise.all(Array.from({ length: LOTS }, () => lotWithTwoSamples()));
    const answers = await Promise.all(
      lots.flatMap((l, k) => {
        // Half the lots send the failure first, half the pass: the server decides the order either way.
        const [a, b] = l.samples as [(typeof l.samples)[0], (typeof l.samples)[0]];
        return k % 2 === 0 ? [report(a, 'fail'), report(b, 'pass')] : [report(a, 'pass'), report(b, 'fail')];
      }),
    );
    for (const a of answers) expect(a.status, a.raw).toBe(200);
    for (const l of lots) {
      expect(ok(await call('builder', api.inspectionDetail, { id: l.inspectionId })).state).toBe('rejected');
      expect(await balance(l.lotId, 'usable')).toBe(0);
      expect(await movesOf(l.lotId)).toEqual([
        delivered,
        ['quarantined', -QUANTITY, 'reject'],
        ['rejected', QUANTITY, 'reject'],
      ]);
    }
  });

  it('recalls a released lot once when two later retests fail at once', async () => {
    const lots = await Promise.all(Array.from({ length: LOTS }, () => lotWithTwoSamples()));
    // Released by the first two reports, then two more samples each (a later retest), both failing at once.
    for (const l of lots) for (const s of l.samples) ok(await report(s, 'pass'));
    const later = await Promise.all(
      lots.map(async (l) => {
        const more: { id: number; uploadId: number }[] = [];
        for (const seal of ['C', 'D']) {
          const s = ok(
            await call('supervisor', api.sampleCreate, sampleInput(l.inspectionId, { sealNo: `FY-${seal}` })),
          );
          ok(await call('supervisor', api.sampleSend, { id: s.id, sentOn: shanghaiToday() }));
          more.push({ id: s.id, uploadId: await reportFile() });
        }
        return more;
      }),
    );
    const answers = await Promise.all(later.flat().map((s) => report(s, 'fail')));
    for (const a of answers) expect(a.status, a.raw).toBe(200);
    // Exactly one of each pair recalled the lot: its answer names what it moved, the other's none.
    const recalls = answers.map((a) => a.body.data.recall);
    expect(recalls.filter((r) => r !== null)).toHaveLength(LOTS);
    for (const r of recalls.filter((x) => x !== null))
      expect(r).toEqual({ rejected: QUANTITY, issued: 0, installedCodes: [] });
    for (const l of lots) {
      expect(ok(await call('builder', api.inspectionDetail, { id: l.inspectionId })).state).toBe('rejected');
      expect(await movesOf(l.lotId)).toEqual([
        delivered,
        ['quarantined', -QUANTITY, 'release'],
        ['usable', QUANTITY, 'release'],
        // moveStock appends a pair in the order given: out of usable, into rejected.
        ['usable', -QUANTITY, 'reject'],
        ['rejected', QUANTITY, 'reject'],
      ]);
      expect(await decisions(l.inspectionId)).toEqual(['submit', 'hold', 'retest_pass', 'retest_fail']);
    }
  });
});
