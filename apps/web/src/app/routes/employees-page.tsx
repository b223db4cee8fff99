/** /employees: Employee Management (the route guard in the router checks role and section). */
import { EmployeesView } from '@/features/employees/components/employees-view';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';

export default function EmployeesPage() {
  usePageTitle(routeTitle(paths.employees));
  return <EmployeesView />;
}
