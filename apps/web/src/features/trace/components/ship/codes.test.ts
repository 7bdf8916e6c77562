import { describe, expect, it } from 'vitest';
import { mergeCodes, normalizeCode, splitCodes } from './codes.ts';
import { bodyOf, formPathOf, stepOfField } from './wizard-values.ts';

const A = 'ABCDEFGHIJKLMNOPQRS2';
const B = 'ABCDEFGHIJKLMNOPQRS3';

describe('trace codes as people enter them', () => {
  it('reads a label URL’s code=, drops spaces and dashes, takes lower case', () => {
    expect(normalizeCode(`https://jcbb.example/mobile/detail?code=${A}&from=qr`)).toBe(A);
    expect(normalizeCode('abcd-efgh ijkl-mnop qrs2')).toBe(A);
    expect(normalizeCode(`  ${A}\t`)).toBe(A);
  });

  it('splits pasted lists on lines, commas and semicolons, and on spaces only between whole codes', () => {
    expect(splitCodes(`${A}\r\n${B}`)).toEqual([A, B]);
    expect(splitCodes(`${A}，${B}；${A}`)).toEqual([A, B, A]);
    expect(splitCodes(`${A} ${B}`)).toEqual([A, B]);
    // A code typed in groups stays one code.
    expect(splitCodes('ABCD EFGH IJKL MNOP QRS2')).toEqual([A]);
    expect(splitCodes(`https://x.example/m?code=${A} https://x.example/m?code=${B}`)).toEqual([A, B]);
  });

  it('adds each code once, in order, and names what is not a code', () => {
    expect(mergeCodes([A], `${B}\n${A}\nhello\n${B}`)).toEqual({ codes: [A, B], invalid: ['HELLO'] });
    expect(mergeCodes([], 'ABCDEFGHIJKLMNOPQRS1')).toEqual({ codes: [], invalid: ['ABCDEFGHIJKLMNOPQRS1'] });
  });
});

describe('the wizard’s fields and the server’s', () => {
  it('puts the server’s field messages on the wizard’s fields and steps', () => {
    expect(formPathOf(['destination', 'projectId'])).toEqual(['projectId']);
    expect(formPathOf(['destination', 'orgId'])).toEqual(['orgId']);
    expect(formPathOf(['destination'])).toEqual(['destKind']);
    expect(formPathOf(['lines', 2, 'codes', 7])).toEqual(['lines', 2, 'codes']);
    expect(stepOfField(['projectId'])).toBe(0);
    expect(stepOfField(['toAddressId'])).toBe(1);
    expect(stepOfField(['lines', 0, 'quantity'])).toBe(2);
    expect(stepOfField(['distanceKm'])).toBe(3);
  });

  it('sends an organisation’s address but not a project’s, numbers for text, nothing for blanks', () => {
    const base = {
      fromAddressId: 1,
      toAddressId: 9,
      shipDate: '2026-05-10',
      transportType: 8,
      distanceKm: ' ',
      vehiclePlate: '',
      lines: [{ specId: 31, lotId: 5, quantity: '12.5', codes: [A] }],
    };
    expect(bodyOf({ ...base, destKind: 'org', orgId: 12 })).toMatchObject({
      destination: { kind: 'org', orgId: 12 },
      toAddressId: 9,
      distanceKm: undefined,
      vehiclePlate: undefined,
      lines: [{ specId: 31, lotId: 5, quantity: 12.5, codes: [A] }],
    });
    const project = bodyOf({ ...base, destKind: 'project', projectId: 7, distanceKm: '35.5' });
    expect(project.destination).toEqual({ kind: 'project', projectId: 7 });
    expect(project.toAddressId).toBeUndefined();
    expect(project.distanceKm).toBe(35.5);
  });
});
