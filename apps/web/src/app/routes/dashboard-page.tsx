/** /: the HR dashboard with its five cards (Employee Management only for those who may open it). */
import { BarChart3, CalendarDays, Clock, type LucideIcon, PoundSterling, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type AccessRule, canUse } from '@/lib/access';
import { displayName } from '@/lib/initials';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';
import { useMe } from '@/lib/session';
import { routeAccess } from '../route-access';

interface DashboardCard {
  title: string;
  description: string;
  action: string;
  to: string;
  icon: LucideIcon;
  access?: AccessRule;
}

const CARDS: DashboardCard[] = [
  {
    title: 'Employee Management',
    description: 'Keep employee records, line managers and holiday allowances up to date.',
    action: 'Manage Employees',
    to: paths.employees,
    icon: Users,
    access: routeAccess.employees,
  },
  {
    title: 'Attendance & Time Tracking',
    description: 'See who is in and track working hours.',
    action: 'Track Attendance',
    to: paths.attendance,
    icon: Clock,
  },
  {
    title: 'Holiday Management',
    description: 'Request holidays, approve requests and see team availability.',
    action: 'Manage Holidays',
    to: paths.holidays,
    icon: CalendarDays,
  },
  {
    title: 'Expense Management',
    description: 'Submit and review expense claims.',
    action: 'Manage Expenses',
    to: paths.expenses,
    icon: PoundSterling,
  },
  {
    title: 'Performance & Reports',
    description: 'Reviews, goals and HR reports.',
    action: 'View Reports',
    to: paths.performance,
    icon: BarChart3,
  },
];

export default function DashboardPage() {
  usePageTitle(routeTitle(paths.home));
  const { data: me } = useMe();
  const cards = CARDS.filter((card) => !card.access || canUse(me, card.access));
  const name = me ? displayName({ fullName: me.profile.fullName, email: me.user.email }) : 'User';
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">HR Dashboard</h1>
      <p className="mt-1 text-muted-foreground">Welcome back, {name}. What would you like to do today?</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map(({ title, description, action, to, icon: Icon }) => (
          <li key={title}>
            <Card className="flex h-full flex-col">
              <CardHeader>
                <div className="mb-2 flex size-10 items-center justify-center rounded-md bg-accent text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </div>
                <CardTitle>{title}</CardTitle>
                <CardDescription>{description}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto">
                <Link to={to} className={buttonClasses('default', 'default', 'w-full')}>
                  {action}
                </Link>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
