import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { holidayKeys } from '../api/keys';

/** After a company switch (window event `company-changed`) every holiday query belongs to another company. */
export function useRefetchHolidaysOnCompanyChange() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onChange = () => void queryClient.invalidateQueries({ queryKey: holidayKeys.all });
    window.addEventListener('company-changed', onChange);
    return () => window.removeEventListener('company-changed', onChange);
  }, [queryClient]);
}
