/** Messages of Company details and the company switch; zod-free for the app shell. */
export const COMPANY_MESSAGES = {
  legalNameRequired: 'Legal name is required',
  loadFailed: 'Failed to load company details',
  logoUploadFailed: 'Failed to upload logo',
  logoUploaded: 'Logo uploaded successfully',
  /** Not in the spec (it has no way to remove a logo): the Remove Logo button's answers. */
  logoRemoved: 'Logo removed',
  logoRemoveFailed: 'Failed to remove logo',
  saved: 'Company details saved successfully',
  saveFailed: 'Failed to save company details',
  accessDenied: 'Only Super Administrators and Developers can access company details.',
  loadCompaniesFailed: 'Failed to load companies',
  switchFailed: 'Failed to switch company',
  switched: 'Company switched successfully',
  unknownCompany: 'This company is not available.',
} as const;
