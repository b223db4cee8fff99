/** A company's name as rows show it: trading name, else legal name, else name. */
export function companyDisplayName(company: {
  name: string;
  legalName?: string | null;
  tradingName?: string | null;
}): string {
  return company.tradingName?.trim() || company.legalName?.trim() || company.name;
}
