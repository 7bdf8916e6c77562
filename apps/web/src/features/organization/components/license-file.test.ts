import { describe, expect, it } from 'vitest';
import { licenseFileProblem } from './LicenseUpload.tsx';

const MB = 1024 * 1024;

describe('licenseFileProblem', () => {
  it('takes PDF, JPG and PNG up to 20 MB', () => {
    expect(licenseFileProblem({ name: '执照.pdf', type: 'application/pdf', size: 20 * MB })).toBeNull();
    expect(licenseFileProblem({ name: 'scan.JPG', type: 'image/jpeg', size: 1 })).toBeNull();
    expect(licenseFileProblem({ name: 'scan.jpeg', type: 'image/jpeg', size: 1 })).toBeNull();
    expect(licenseFileProblem({ name: 'photo.png', type: 'image/png', size: 1 })).toBeNull();
    // Some systems give no MIME type: the extension decides here, the server checks the content.
    expect(licenseFileProblem({ name: 'photo.png', type: '', size: 1 })).toBeNull();
  });
  it('refuses other types, even renamed ones', () => {
    expect(licenseFileProblem({ name: 'a.docx', type: 'application/msword', size: 1 })).toBe('wrongType');
    expect(licenseFileProblem({ name: 'a.gif', type: 'image/gif', size: 1 })).toBe('wrongType');
    expect(licenseFileProblem({ name: 'a.pdf', type: 'application/x-msdownload', size: 1 })).toBe('wrongType');
  });
  it('refuses files over 20 MB', () => {
    expect(licenseFileProblem({ name: 'big.pdf', type: 'application/pdf', size: 20 * MB + 1 })).toBe('tooLarge');
  });
});
