import { describe, expect, it } from 'vitest';
import {
  cloudFolderFor,
  defaultCloudFolder,
  documentTypeLabel,
  isPrimaryDocumentType,
} from './cloud-storage.schemas.ts';

const date = new Date('2026-11-23T10:00:00Z');

describe('cloud folder layout', () => {
  it.each([
    ['company/department/date', 'Northwind/Finance/2026-11-23/secondary/invoices'],
    ['department/date', 'Finance/2026-11-23/secondary/invoices'],
    ['date/department', '2026-11-23/Finance/secondary/invoices'],
    ['flat', 'secondary/invoices'],
    ['unknown', 'secondary/invoices'],
  ])('%s -> %s', (structure, expected) => {
    expect(
      cloudFolderFor({
        structure,
        companyName: 'Northwind',
        department: 'Finance',
        date,
        policyFolder: 'secondary/invoices',
      }),
    ).toBe(expected);
  });

  it('a missing department is General and names cannot add folders', () => {
    expect(
      cloudFolderFor({
        structure: 'company/department/date',
        companyName: 'A/B',
        department: null,
        date,
        policyFolder: 'x',
      }),
    ).toBe('A-B/General/2026-11-23/x');
  });

  it('primary and secondary document types', () => {
    expect(isPrimaryDocumentType('sop_documents')).toBe(true);
    expect(isPrimaryDocumentType('invoices')).toBe(false);
    expect(defaultCloudFolder('invoices')).toBe('secondary/invoices');
    expect(documentTypeLabel('sop_documents')).toBe('SOP documents');
    expect(documentTypeLabel('bom_photos')).toBe('BOM photos');
    expect(documentTypeLabel('delivery_notes')).toBe('Delivery notes');
  });
});
