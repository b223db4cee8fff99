/**
 * POST /api/v1/employees/import (issue 19): the file checked (`dryRun`: the preview, nothing written)
 * or imported (every row or none); after an import the lists are refetched. The template is a plain
 * download of GET /api/v1/employees/import/template.csv.
 */
import type { ImportResult } from '@hr/shared/hr/employee-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { employeeKeys } from './keys';

export const IMPORT_TEMPLATE_URL = '/api/v1/employees/import/template.csv';

export function importEmployees(file: File, dryRun: boolean): Promise<ImportResult> {
  return apiUpload<ImportResult>(`/api/v1/employees/import${dryRun ? '?dryRun=true' : ''}`, file);
}

export function useImportEmployees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => importEmployees(file, dryRun),
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: employeeKeys.all });
    },
  });
}
