import type { Tx } from '../../db/client.ts';
import { invalidInput } from '../../lib/errors.ts';
import * as repo from './basic-material.repository.ts';

type Units = { unitId: number; formats: string[] }[];

/** A name that is approved or pending (the live-name index allows one). */
export const DUPLICATE_NAME = '该通用名称已存在或正在审核中';

/**
 * The checks the schema cannot make, shared by an application and the platform's corrections on approval: the
 * class exists, and the units are known and each named once. Answers 400 on the field at fault.
 */
export async function checkClassAndUnits(tx: Tx, fields: { classifyCode?: string; units?: Units }) {
  if (fields.classifyCode !== undefined && !(await repo.classification(tx, fields.classifyCode))) {
    throw invalidInput([{ field: 'classifyCode', message: '产品分类不存在' }]);
  }
  if (!fields.units) return;
  const unitIds = fields.units.map((u) => u.unitId);
  if (new Set(unitIds).size !== unitIds.length) {
    throw invalidInput([{ field: 'units', message: '计量单位不能重复' }]);
  }
  const known = await repo.unitNames(tx, unitIds);
  const unknown = fields.units.findIndex((u) => !known.has(u.unitId));
  if (unknown >= 0) throw invalidInput([{ field: `units.${unknown}.unitId`, message: '计量单位不存在' }]);
}

/** Units as stored: each unit's formats once, in the order given. */
export const storedUnits = (units: Units): Units =>
  units.map((u) => ({ unitId: u.unitId, formats: [...new Set(u.formats)] }));
