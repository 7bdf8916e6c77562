import { OrgType, Role } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { createAddressKeys } from '../../lib/address-keys.ts';
import { MemoryKvStore } from '../../lib/kv-store.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { createDiskService, createDiskShareService } from '../../modules/disk/index.ts';
import { createFileService } from '../../modules/file/index.ts';
import { ledgerSigner } from '../../modules/ledger/index.ts';
import type { Db, Tx } from '../client.ts';
import { diskShares } from '../schema/index.ts';
import { tinyPdf } from './demo-products.ts';

/** The demo share link's address and extraction code (README, "Demo enterprise disk"). */
export const DEMO_DISK_TOKEN = 'lvzhu-tender-pack-2026';
export const DEMO_DISK_CODE = 'LZ2026';

/**
 * 南京绿筑's enterprise disk: a tender pack folder (licence, a certificate on the evidence ledger, a test report
 * expiring soon, an EPD), a contracts folder, and one live link to the tender pack with an extraction code — made
 * through the module's services as the console makes them.
 */
export async function seedDemoDisk(
  tx: Tx,
  config: Pick<Config, 'scryptCost' | 'dataDir' | 'maxUploadBytes'>,
  maker: { orgId: number; userId: number },
): Promise<void> {
  const user: SessionUser = {
    userId: maker.userId,
    sessionId: 0,
    appCode: 'jcbb',
    mobile: '',
    username: 'seed',
    realName: null,
    orgId: maker.orgId,
    orgType: OrgType.MANUFACTURER,
    roles: [Role.ENTERPRISE_ADMIN],
  };
  const db = tx as Db;
  const files = createFileService({ db, config: config as Config });
  const disk = createDiskService({ db });
  const kv = new MemoryKvStore();
  const shares = createDiskShareService({
    db,
    kv,
    scryptCost: config.scryptCost,
    addressKey: createAddressKeys(() => ledgerSigner().secretKey),
  });
  const today = shanghaiToday();
  const add = async (
    folderId: number,
    name: string,
    lines: string[],
    extra: Omit<Parameters<typeof disk.addFile>[1], 'uploadId' | 'folderId' | 'tags'> & { tags?: string[] },
  ) => {
    const stored = await files.store(user, name, tinyPdf(lines));
    return disk.addFile(user, { tags: [], ...extra, folderId, uploadId: stored.id });
  };

  const tender = await disk.createFolder(user, { name: '投标资料包' });
  const contracts = await disk.createFolder(user, { name: '合同与授权' });
  await add(tender.id, '营业执照（副本）.pdf', ['Business licence (copy)', 'Nanjing Lvzhu Building Materials'], {
    docType: 'licence',
    tags: ['资质'],
  });
  const cert = await add(
    tender.id,
    '绿色建材产品认证证书.pdf',
    ['Green building material certificate', 'Rock wool board'],
    {
      docType: 'certificate',
      tags: ['岩棉', '绿色建材'],
      validFrom: addDays(today, -300),
      validUntil: addDays(today, 430),
    },
  );
  await disk.recordOnLedger(user, cert.id);
  await add(tender.id, '岩棉板型式检验报告.pdf', ['Type test report', 'Rock wool board TR10'], {
    docType: 'test_report',
    tags: ['岩棉', '检测'],
    validFrom: addDays(today, -340),
    validUntil: addDays(today, 20),
  });
  await add(tender.id, '岩棉保温板 EPD.pdf', ['Environmental product declaration', 'Rock wool board'], {
    docType: 'epd',
    tags: ['岩棉', '碳足迹'],
  });
  await add(contracts.id, '恒通经销授权书（扫描件）.pdf', ['Authorisation letter (scan)', 'Nanjing Hengtong'], {
    docType: 'authorisation',
    validFrom: addDays(today, -30),
    validUntil: addDays(today, -1),
  });

  const share = await shares.create(user, {
    title: '绿筑岩棉板投标资料',
    fileIds: [],
    folderId: tender.id,
    audience: 'anyone',
    orgIds: [],
    code: DEMO_DISK_CODE,
    expiresInDays: 365,
    watermark: true,
  });
  await tx.update(diskShares).set({ token: DEMO_DISK_TOKEN }).where(eq(diskShares.id, share.id));
  await kv.close();
}
