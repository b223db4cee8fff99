import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { employeeKeys } from '../api/keys';

/** After a company switch (window event `company-changed`) the employee queries belong to another company. */
export function useRefetchEmployeesOnCompanyChange() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onChange = () => void queryClient.invalidateQueries({ queryKey: employeeKeys.all });
    window.addEventListener('company-changed', onChange);
    return () => window.removeEventListener('company-changed', onChange);
  }, [queryClient]);
}
