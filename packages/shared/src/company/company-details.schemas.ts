/** Contracts of the Company details screen and the company switch. */
import { z } from 'zod';
import { COMPANY_MESSAGES } from './company-messages.ts';

export const ADDRESS_DEFAULTS = { type: 'Head Office', country: 'United Kingdom' } as const;
export const ADDRESS_TYPES = ['Head Office', 'Registered Office', 'Branch', 'Warehouse', 'Billing'] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const addressSchema = z.strictObject({
  id: z.uuid(),
  type: z.string().trim().min(1, 'Address type is required').max(60),
  address_line_1: z.string().trim().max(200),
  address_line_2: optionalText(200),
  city: z.string().trim().max(120),
  postcode: z.string().trim().max(20),
  country: z.string().trim().max(120),
});
export type Address = z.infer<typeof addressSchema>;

export const companyDetailsRequestSchema = z.strictObject({
  legalName: z
    .string({ error: COMPANY_MESSAGES.legalNameRequired })
    .trim()
    .min(1, COMPANY_MESSAGES.legalNameRequired)
    .max(200),
  tradingName: optionalText(200),
  addresses: z.array(addressSchema).max(20),
});
export type CompanyDetailsRequest = z.input<typeof companyDetailsRequestSchema>;

export const companyDetailsSchema = z.object({
  id: z.uuid(),
  legalName: z.string(),
  tradingName: z.string().nullable(),
  logoUrl: z.string().nullable(),
  addresses: z.array(addressSchema),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

export const companyOptionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  legalName: z.string().nullable(),
  tradingName: z.string().nullable(),
  displayName: z.string(),
});
export type CompanyOption = z.infer<typeof companyOptionSchema>;
export const companiesResponseSchema = z.object({ companies: z.array(companyOptionSchema) });
export type CompaniesResponse = z.infer<typeof companiesResponseSchema>;

export const switchCompanyRequestSchema = z.strictObject({ companyId: z.uuid('Choose a company') });
export type SwitchCompanyRequest = z.infer<typeof switchCompanyRequestSchema>;
export const switchCompanyResponseSchema = z.object({
  companyId: z.uuid(),
  fullName: z.string().nullable(),
  company: companyOptionSchema,
});
export type SwitchCompanyResponse = z.infer<typeof switchCompanyResponseSchema>;

/** `POST /api/v1/company/logo`: where the new logo is served. */
export const logoUploadResponseSchema = z.object({ logoUrl: z.string() });
