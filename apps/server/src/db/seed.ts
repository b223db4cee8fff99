/** Demo data of the architecture contract, written into an empty database. */
import { randomUUID } from 'node:crypto';
import type { Role } from '@hr/shared/roles';
import { addDays, countWorkingDays, inclusiveDayCount, isoDate } from '@hr/shared/working-days';
import { count } from 'drizzle-orm';
import type { Auth } from '../features/auth/auth.ts';
import type { Db, Tx } from './client.ts';
import { authAccounts, authUsers } from './schema/auth.ts';
import { companies, companyDetails, companySettings, profiles, userRoles } from './schema/core.ts';
import { employeeRecords, holidayRequests } from './schema/hr.ts';
import { bomProducts, componentDatabase, workOrders } from './schema/workshop.ts';
import { enterTenant } from './tenant.ts';

export const DEMO_PASSWORD = 'DemoPassw0rd!2026';

interface DemoUser {
  key: string;
  email: string;
  fullName: string;
  role: Role;
  position: string;
  department: string;
  manager?: string;
  isLineManager?: boolean;
  firstLoginCompleted?: boolean;
  phone?: string;
}

interface DemoCompany {
  name: string;
  tradingName: string | null;
  users: DemoUser[];
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: 'Northwind Engineering Ltd',
    tradingName: 'Northwind',
    users: [
      {
        key: 'owner',
        email: 'owner@northwind.example',
        fullName: 'Olivia Owen',
        role: 'super_admin',
        position: 'Managing Director',
        department: 'Management',
      },
      {
        key: 'admin',
        email: 'admin@northwind.example',
        fullName: 'Adam Archer',
        role: 'admin',
        position: 'Office Administrator',
        department: 'Administration',
      },
      {
        key: 'manager',
        email: 'manager@northwind.example',
        fullName: 'Maya Mitchell',
        role: 'operative',
        position: 'Workshop Supervisor',
        department: 'Workshop',
        isLineManager: true,
        phone: '+44 20 7946 0018',
      },
      {
        key: 'alice',
        email: 'alice@northwind.example',
        fullName: 'Alice Anders',
        role: 'operative',
        position: 'Fitter',
        department: 'Workshop',
        manager: 'manager',
      },
      {
        key: 'tom',
        email: 'tom@northwind.example',
        fullName: 'Tom Turner',
        role: 'operative',
        position: 'Welder',
        department: 'Workshop',
        manager: 'manager',
      },
      {
        key: 'dev',
        email: 'dev@northwind.example',
        fullName: 'Dev Patel',
        role: 'developer',
        position: 'Developer',
        department: 'IT',
      },
      {
        key: 'new',
        email: 'new@northwind.example',
        fullName: 'Nina Newman',
        role: 'operative',
        position: 'Apprentice',
        department: 'Workshop',
        manager: 'manager',
        firstLoginCompleted: false,
      },
    ],
  },
  {
    name: 'Southbank Hire Ltd',
    tradingName: null,
    users: [
      {
        key: 'owner',
        email: 'owner@southbank.example',
        fullName: 'Sophie Banks',
        role: 'super_admin',
        position: 'Director',
        department: 'Management',
      },
      {
        key: 'sam',
        email: 'sam@southbank.example',
        fullName: 'Sam Reed',
        role: 'operative',
        position: 'Hire Desk',
        department: 'Hire',
        manager: 'owner',
      },
    ],
  },
];

/** Seeds when no login exists yet. Returns whether it did. */
export async function seedDemoIfEmpty(db: Db, auth: Auth, today = new Date()): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(authUsers);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await (await auth.$context).password.hash(DEMO_PASSWORD);
  for (const company of DEMO_COMPANIES) {
    await db.transaction((tx) => seedCompany(tx, company, passwordHash, isoDate(today)));
  }
  return true;
}

async function seedCompany(tx: Tx, company: DemoCompany, passwordHash: string, today: string) {
  const companyId = randomUUID();
  const ids = new Map(company.users.map((u) => [u.key, randomUUID()]));
  const idOf = (key: string) => ids.get(key) as string;

  for (const u of company.users) {
    await tx
      .insert(authUsers)
      .values({ id: idOf(u.key), name: u.fullName, email: u.email, emailVerified: true });
    await tx.insert(authAccounts).values({
      id: randomUUID(),
      accountId: idOf(u.key),
      providerId: 'credential',
      userId: idOf(u.key),
      password: passwordHash,
    });
  }

  await enterTenant(tx, { companyId, userId: null, role: null });
  await tx
    .insert(companies)
    .values({ id: companyId, name: company.name, legalName: company.name, tradingName: company.tradingName });
  await tx.insert(companySettings).values({ companyId });
  await tx.insert(companyDetails).values({
    companyId,
    legalName: company.name,
    tradingName: company.tradingName,
    addresses: [
      {
        id: randomUUID(),
        type: 'Head Office',
        address_line_1: '1 Dock Road',
        address_line_2: null,
        city: 'London',
        postcode: 'E16 1AA',
        country: 'United Kingdom',
      },
    ],
  });

  const employeeIds = new Map<string, string>();
  for (const [index, u] of company.users.entries()) {
    await tx.insert(profiles).values({
      id: idOf(u.key),
      companyId,
      email: u.email,
      fullName: u.fullName,
      position: u.position,
      lineManager: u.manager ? idOf(u.manager) : null,
      isLineManager: u.isLineManager ?? false,
      firstLoginCompleted: u.firstLoginCompleted ?? true,
      phone: u.phone ?? null,
    });
    await tx.insert(userRoles).values({ userId: idOf(u.key), role: u.role });
    const employeeId = randomUUID();
    employeeIds.set(u.key, employeeId);
    await tx.insert(employeeRecords).values({
      id: employeeId,
      companyId,
      userId: idOf(u.key),
      fullName: u.fullName,
      email: u.email,
      position: u.position,
      department: u.department,
      employeeNumber: `EMP${String(index + 1).padStart(3, '0')}`,
      startDate: addDays(today, -400 + index * 30),
      annualHolidayDays: 28,
      lineManagerId: u.manager ? idOf(u.manager) : null,
    });
  }

  // A few holiday requests in each state, around today.
  const request = (
    key: string,
    startOffset: number,
    length: number,
    status: 'pending' | 'approved' | 'rejected',
    type: 'annual' | 'sick' = 'annual',
  ) => {
    const user = company.users.find((u) => u.key === key);
    if (!user) return null;
    const startDate = addDays(today, startOffset);
    const endDate = addDays(startDate, length - 1);
    const manager = user.manager ? idOf(user.manager) : null;
    const decided = status !== 'pending';
    return {
      companyId,
      employeeRecordId: employeeIds.get(key) as string,
      userId: idOf(key),
      lineManagerId: manager,
      startDate,
      endDate,
      holidayType: type,
      status,
      workingDays: countWorkingDays(startDate, endDate),
      daysRequested: inclusiveDayCount(startDate, endDate),
      reason: status === 'rejected' ? 'Family visit' : null,
      reviewedBy: decided ? (manager ?? idOf(key)) : null,
      reviewedAt: decided ? new Date() : null,
      reviewerComments: status === 'rejected' ? 'Workshop is short-staffed that week.' : null,
    };
  };
  const requests = [
    request('alice', 14, 5, 'pending'),
    request('alice', -30, 3, 'approved'),
    request('alice', 40, 2, 'rejected'),
    request('tom', 7, 3, 'pending'),
    request('tom', 2, 1, 'approved', 'sick'),
    request('manager', 21, 5, 'approved'),
    request('sam', 10, 4, 'pending'),
    request('owner', 30, 2, 'approved'),
  ].filter((r) => r !== null);
  if (requests.length) await tx.insert(holidayRequests).values(requests);

  await seedWorkshop(tx, companyId, today);
}

async function seedWorkshop(tx: Tx, companyId: string, today: string) {
  const parts = [
    {
      partNumber: 'BRG-6204',
      component: 'Deep groove ball bearing 6204',
      quantityOnHand: 40,
      vendor: 'Bearing Supplies Ltd',
    },
    {
      partNumber: 'BLT-M10-40',
      component: 'Hex bolt M10 x 40',
      quantityOnHand: 500,
      vendor: 'Fixings Direct',
    },
    {
      partNumber: 'SHF-25-300',
      component: 'Drive shaft 25 mm x 300 mm',
      quantityOnHand: 3,
      vendor: 'Precision Shafts',
    },
    {
      partNumber: 'SEAL-25',
      component: 'Oil seal 25 mm',
      quantityOnHand: 12,
      vendor: 'Bearing Supplies Ltd',
    },
    { partNumber: 'MTR-1.5KW', component: 'Electric motor 1.5 kW', quantityOnHand: 1, vendor: 'Motor World' },
    {
      partNumber: 'PLT-STEEL-6',
      component: 'Steel plate 6 mm',
      quantityOnHand: 25,
      vendor: 'Steel Stockholders',
    },
  ];
  await tx.insert(componentDatabase).values(parts.map((p) => ({ companyId, ...p })));
  const gearbox = randomUUID();
  const pump = randomUUID();
  await tx.insert(bomProducts).values([
    {
      id: gearbox,
      companyId,
      productCode: 'GBX-100',
      productName: 'Gearbox assembly',
      c1: 'BRG-6204',
      q1: 2,
      c2: 'BLT-M10-40',
      q2: 8,
      c3: 'SHF-25-300',
      q3: 1,
      c4: 'SEAL-25',
      q4: 2,
      sopDocuments: ['SOP-GBX-100.pdf'],
      photos: [],
    },
    {
      id: pump,
      companyId,
      productCode: 'PMP-200',
      productName: 'Pump skid',
      c1: 'MTR-1.5KW',
      q1: 1,
      c2: 'PLT-STEEL-6',
      q2: 2,
      c3: 'BLT-M10-40',
      q3: 12,
      sopDocuments: [],
      photos: [],
    },
  ]);
  await tx.insert(workOrders).values([
    {
      companyId,
      productId: gearbox,
      productCode: 'GBX-100',
      productName: 'Gearbox assembly',
      quantityRequired: 5,
      workOrderNumber: 'WO-1001',
      dueDate: addDays(today, 10),
      status: 'pending',
    },
    {
      companyId,
      productId: pump,
      productCode: 'PMP-200',
      productName: 'Pump skid',
      quantityRequired: 2,
      workOrderNumber: 'WO-1002',
      dueDate: addDays(today, 5),
      status: 'in_progress',
    },
    {
      companyId,
      productId: gearbox,
      productCode: 'GBX-100',
      productName: 'Gearbox assembly',
      quantityRequired: 1,
      workOrderNumber: 'WO-1003',
      dueDate: addDays(today, -2),
      status: 'pending',
      notes: 'Customer collecting in person.',
    },
  ]);
}
