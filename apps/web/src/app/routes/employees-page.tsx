/** /employees: Employee Management (the route guard in the router checks role and section). */
import { EmployeesView } from '@/features/employees/components/employees-view';

export default function EmployeesPage() {
  return <EmployeesView />;
}
