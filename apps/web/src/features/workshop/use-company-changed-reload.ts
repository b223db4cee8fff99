/** The company switch broadcasts `company-changed`; the workshop lists then load again (they show the new company's data). */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { workshopKeys } from './api/workshop-keys';

export const COMPANY_CHANGED_EVENT = 'company-changed';

export function useCompanyChangedReload(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => {
      void queryClient.invalidateQueries({ queryKey: workshopKeys.all });
    };
    window.addEventListener(COMPANY_CHANGED_EVENT, reload);
    return () => window.removeEventListener(COMPANY_CHANGED_EVENT, reload);
  }, [queryClient]);
}
