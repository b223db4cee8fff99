/** Demo data of the architecture contract, written into an empty database. */
import { randomUUID } from 'node:crypto';
import { COMPANY_SETTINGS_DEFAULTS, type Weekday } from '@hr/shared/company/company-settings';
import { daysPerWeekOf, defaultEntitlement } from '@hr/shared/leave/allowance';
import { countLeaveDays, type LeaveCalendar, splitByHolidayYear } from '@hr/shared/leave/leave-days';
import { DEFAULT_REGION } from '@hr/shared/leave/public-holidays';
import type { Role } from '@hr/shared/roles';
import { addDays, inclusiveDayCount, isoDate } from '@hr/shared/working-days';
import { partIdOf, settleProcurementEntry } from '@hr/shared/workshop/job-rules';
import { count } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { demoPdf, demoPng } from '../db/demo-files.ts';
import { authAccounts, authUsers } from '../db/schema/auth.ts';
import { companies, companyDetails, companySettings, profiles, userRoles } from '../db/schema/core.ts';
import { employeeRecords, holidayRequests } from '../db/schema/hr.ts';
import { bomProducts, componentDatabase, workOrders, workshopJobSchedules } from '../db/schema/workshop.ts';
import { enterTenant } from '../db/tenant.ts';
import type { Auth } from '../features/auth/auth.ts';
import { DOCUMENTS_BUCKET, documentFileUrl } from '../features/documents/documents.service.ts';
import { rolloverCompany } from '../features/leave/leave.service.ts';
import { refreshJobLists } from '../features/workshop/job-lists.service.ts';
import type { StoragePort } from '../integrations/storage/storage-port.ts';

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
  /** Public holidays of another region than the company's (ADR 0085). */
  region?: string;
  /** A part-time week (ADR 0086). */
  workingPattern?: Weekday[];
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
        // At college on Fridays.
        workingPattern: ['monday', 'tuesday', 'wednesday', 'thursday'],
      },
      {
        // The Glasgow office: Scottish bank holidays, part-time Monday to Wednesday.
        key: 'fiona',
        email: 'fiona@northwind.example',
        fullName: 'Fiona Fraser',
        role: 'operative',
        position: 'Service Engineer',
        department: 'Glasgow Office',
        manager: 'manager',
        region: 'scotland',
        workingPattern: ['monday', 'tuesday', 'wednesday'],
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
export async function seedDemoIfEmpty(
  db: Db,
  auth: Auth,
  storage: StoragePort,
  today = new Date(),
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(authUsers);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await (await auth.$context).password.hash(DEMO_PASSWORD);
  for (const company of DEMO_COMPANIES) {
    const companyId = await db.transaction((tx) =>
      seedCompany(tx, company, passwordHash, isoDate(today), storage),
    );
    // The ledger of the current holiday year: what the year's rollover writes (ADR 0090).
    await rolloverCompany(db, companyId, isoDate(today));
  }
  return true;
}

async function seedCompany(
  tx: Tx,
  company: DemoCompany,
  passwordHash: string,
  today: string,
  storage: StoragePort,
): Promise<string> {
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
      // The company's entitlement, pro-rated for a part-time week, as a new record gets it (ADR 0091).
      annualHolidayDays: defaultEntitlement({
        companyDays: COMPANY_SETTINGS_DEFAULTS.annualHolidayDaysEntitlement,
        daysPerWeek: daysPerWeekOf(u, COMPANY_SETTINGS_DEFAULTS.workingDaysPattern),
        companyDaysPerWeek: COMPANY_SETTINGS_DEFAULTS.workingDaysPattern.length,
      }).days,
      lineManagerId: u.manager ? idOf(u.manager) : null,
      region: u.region ?? null,
      workingPattern: u.workingPattern ?? null,
    });
  }

  // A few holiday requests in each state, around today, costed as the server costs a booking: the
  // employee's region and week, split at the holiday year's edge (the demo companies start it in January).
  const request = (
    key: string,
    startOffset: number,
    length: number,
    status: 'pending' | 'approved' | 'rejected',
    type: 'annual' | 'sick' = 'annual',
  ) => {
    const user = company.users.find((u) => u.key === key);
    if (!user) return [];
    const calendar = {
      pattern: user.workingPattern ?? COMPANY_SETTINGS_DEFAULTS.workingDaysPattern,
      region: user.region ?? DEFAULT_REGION,
      companyDays: [],
    };
    const { startDate, endDate } = demoRequestDates(today, startOffset, length, calendar);
    const manager = user.manager ? idOf(user.manager) : null;
    const decided = status !== 'pending';
    const parts = splitByHolidayYear({ start: startDate, end: endDate }, 1)
      .map((part) => ({ ...part, workingDays: countLeaveDays(part, calendar) }))
      .filter((part) => part.workingDays > 0);
    const splitGroupId = parts.length > 1 ? randomUUID() : null;
    return parts.map((part) => ({
      companyId,
      employeeRecordId: employeeIds.get(key) as string,
      userId: idOf(key),
      lineManagerId: manager,
      startDate: part.start,
      endDate: part.end,
      holidayType: type,
      status,
      workingDays: part.workingDays,
      daysRequested: inclusiveDayCount(part.start, part.end),
      splitGroupId,
      reason: status === 'rejected' ? 'Family visit' : null,
      reviewedBy: decided ? (manager ?? idOf(key)) : null,
      reviewedAt: decided ? new Date() : null,
      reviewerComments: status === 'rejected' ? 'Workshop is short-staffed that week.' : null,
    }));
  };
  const requests = DEMO_REQUESTS.flatMap(([key, offset, length, status, type]) =>
    request(key, offset, length, status, type),
  );
  if (requests.length) await tx.insert(holidayRequests).values(requests);

  await seedWorkshop(tx, storage, companyId, today, (key) => ids.get(key) ?? null);
  return companyId;
}

/** A few holiday requests in each state, around today: [user, start offset, calendar days, status, type]. */
export const DEMO_REQUESTS: Array<
  [
    key: string,
    startOffset: number,
    length: number,
    status: 'pending' | 'approved' | 'rejected',
    type?: 'sick',
  ]
> = [
  ['alice', 14, 5, 'pending'],
  ['alice', -30, 3, 'approved'],
  ['alice', 40, 2, 'rejected'],
  ['tom', 7, 3, 'pending'],
  ['tom', 2, 1, 'approved', 'sick'],
  ['manager', 21, 5, 'approved'],
  ['sam', 10, 4, 'pending'],
  ['owner', 30, 2, 'approved'],
  ['fiona', 9, 7, 'pending'],
];

/**
 * The dates of a demo request: it starts on the first day on or after today + `startOffset` that the
 * employee's calendar charges (their week, not a bank holiday), so it costs at least one working day,
 * as the app requires.
 */
export function demoRequestDates(
  today: string,
  startOffset: number,
  length: number,
  calendar: LeaveCalendar = {
    pattern: COMPANY_SETTINGS_DEFAULTS.workingDaysPattern,
    region: DEFAULT_REGION,
    companyDays: [],
  },
) {
  let startDate = addDays(today, startOffset);
  while (countLeaveDays({ start: startDate, end: startDate }, calendar) === 0)
    startDate = addDays(startDate, 1);
  return { startDate, endDate: addDays(startDate, length - 1) };
}

// Workshop demo data: 30 components, 6 BOM products and 13 work orders, so that every list and every
// part state has content on first start (ADR 0021 lists which work order shows what). The quantities
// on hand are before the demo deliveries: seeding adds what the work orders received, as receiving does.
export const DEMO_COMPONENTS: Array<[partNumber: string, component: string, onHand: number, vendor: string]> =
  [
    ['BRG-6204', 'Deep groove ball bearing 6204', 40, 'Bearing Supplies Ltd'],
    ['BLT-M10-40', 'Hex bolt M10 x 40', 500, 'Fixings Direct'],
    ['SHF-25-300', 'Drive shaft 25 mm x 300 mm', 3, 'Precision Shafts'],
    ['SEAL-25', 'Oil seal 25 mm', 12, 'Bearing Supplies Ltd'],
    ['GSK-GBX', 'Gearbox gasket set', 20, 'Seal & Gasket Co'],
    ['MTR-1.5KW', 'Electric motor 1.5 kW', 1, 'Motor World'],
    ['PLT-STEEL-6', 'Steel plate 6 mm', 25, 'Steel Stockholders'],
    ['CPL-FLEX-28', 'Flexible coupling 28 mm', 6, 'Power Transmission Ltd'],
    ['BELT-500', 'Conveyor belt 500 mm x 3 m', 0, 'Belting Solutions'],
    ['ROL-50', 'Idler roller 50 mm', 40, 'Belting Solutions'],
    ['MTR-0.75KW', 'Geared motor 0.75 kW', 2, 'Motor World'],
    ['BLT-M8-25', 'Hex bolt M8 x 25', 200, 'Fixings Direct'],
    ['CHN-08B', 'Roller chain 08B, 1 m', 10, 'Power Transmission Ltd'],
    ['PMP-GEAR-8', 'Gear pump 8 cc', 2, 'Hydraulic Centre'],
    ['TNK-40L', 'Hydraulic tank 40 l', 1, 'Hydraulic Centre'],
    ['VLV-RELIEF', 'Pressure relief valve', 3, 'Hydraulic Centre'],
    ['HOSE-12', 'Hydraulic hose 1/2 in, 1 m', 10, 'Hose Express'],
    ['FLT-RET-10', 'Return filter 10 micron', 4, 'Hydraulic Centre'],
    ['GAUGE-250', 'Pressure gauge 0-250 bar', 2, 'Instrument Supplies'],
    ['ENC-600', 'Steel enclosure 600 x 600', 2, 'Panel Parts Ltd'],
    ['PLC-24DC', 'Compact PLC 24 V DC', 0, 'Automation Direct'],
    ['CTR-9A', 'Contactor 9 A', 10, 'Panel Parts Ltd'],
    ['PSU-24-5', 'Power supply 24 V 5 A', 3, 'Automation Direct'],
    ['CBL-1.5', 'Control cable 1.5 mm², 1 m', 100, 'Cable Centre'],
    ['TRM-4', 'DIN rail terminal 4 mm²', 200, 'Panel Parts Ltd'],
    ['IMP-450', 'Fan impeller 450 mm', 0, 'Airflow Components'],
    ['MTR-2.2KW', 'Electric motor 2.2 kW', 4, 'Motor World'],
    ['HSG-450', 'Fan housing 450 mm', 3, 'Airflow Components'],
    ['VBM-M10', 'Anti-vibration mount M10', 40, 'Fixings Direct'],
    ['GRL-450', 'Inlet guard 450 mm', 5, 'Airflow Components'],
  ];

export const DEMO_BOM_PRODUCTS: Array<{
  code: string;
  name: string;
  slots: Array<[string, number]>;
  /** File names of the SOP PDFs and photos (PNG), written to storage by the seed (`seedJobFiles`). */
  sop: string[];
  photos: string[];
}> = [
  {
    code: 'GBX-100',
    name: 'Gearbox assembly',
    slots: [
      ['BRG-6204', 2],
      ['BLT-M10-40', 8],
      ['SHF-25-300', 1],
      ['SEAL-25', 2],
      ['GSK-GBX', 1],
    ],
    sop: ['SOP-GBX-100.pdf'],
    photos: ['GBX-100-front.png'],
  },
  {
    code: 'PMP-200',
    name: 'Pump skid',
    slots: [
      ['MTR-1.5KW', 1],
      ['PLT-STEEL-6', 2],
      ['BLT-M10-40', 12],
      ['CPL-FLEX-28', 1],
    ],
    sop: ['SOP-PMP-200.pdf'],
    photos: [],
  },
  {
    code: 'CNV-300',
    name: 'Conveyor section',
    slots: [
      ['BELT-500', 1],
      ['ROL-50', 8],
      ['BRG-6204', 4],
      ['MTR-0.75KW', 1],
      ['BLT-M8-25', 16],
      ['CHN-08B', 2],
    ],
    sop: ['SOP-CNV-300.pdf'],
    photos: ['CNV-300.png'],
  },
  {
    code: 'HYD-400',
    name: 'Hydraulic power unit',
    slots: [
      ['PMP-GEAR-8', 1],
      ['TNK-40L', 1],
      ['VLV-RELIEF', 1],
      ['HOSE-12', 4],
      ['FLT-RET-10', 1],
      ['GAUGE-250', 1],
    ],
    sop: ['SOP-HYD-400.pdf'],
    photos: [],
  },
  {
    code: 'CTL-500',
    name: 'Control panel',
    slots: [
      ['ENC-600', 1],
      ['PLC-24DC', 1],
      ['CTR-9A', 3],
      ['PSU-24-5', 1],
      ['CBL-1.5', 20],
      ['TRM-4', 30],
    ],
    sop: ['SOP-CTL-500.pdf'],
    photos: ['CTL-500-wiring.png'],
  },
  {
    code: 'FAN-600',
    name: 'Extraction fan',
    slots: [
      ['IMP-450', 1],
      ['MTR-2.2KW', 1],
      ['HSG-450', 1],
      ['VBM-M10', 4],
      ['BLT-M10-40', 8],
      ['GRL-450', 1],
    ],
    sop: [],
    photos: [],
  },
];

interface DemoWorkOrder {
  number: string;
  product: string;
  quantity: number;
  /** Days from today; null leaves the due date empty (the 7-day fallback applies). */
  due: number | null;
  createdDaysAgo: number;
  status?: 'pending' | 'in_progress' | 'completed';
  notes?: string;
  /** Ordered and received quantities by component slot index. */
  procurement?: Array<[index: number, ordered: number, received: number]>;
  issuedBy?: string;
}

export const DEMO_WORK_ORDERS: DemoWorkOrder[] = [
  // Orders: a drive shaft to order.
  { number: 'WO-1001', product: 'GBX-100', quantity: 5, due: 10, createdDaysAgo: 6 },
  // Orders: a motor ordered, nothing delivered yet.
  {
    number: 'WO-1002',
    product: 'PMP-200',
    quantity: 2,
    due: 5,
    createdDaysAgo: 8,
    status: 'in_progress',
    procurement: [[1, 1, 0]],
  },
  // Stock: everything on the shelf, overdue.
  {
    number: 'WO-1003',
    product: 'GBX-100',
    quantity: 1,
    due: -2,
    createdDaysAgo: 12,
    notes: 'Customer collecting in person.',
  },
  // Orders: belts ordered, one of two delivered (balance to follow).
  {
    number: 'WO-1004',
    product: 'CNV-300',
    quantity: 2,
    due: 8,
    createdDaysAgo: 5,
    procurement: [[1, 2, 1]],
    notes: 'Belt supplier confirmed the second belt for Thursday.',
  },
  // Stock: issued to the workshop floor.
  {
    number: 'WO-1005',
    product: 'HYD-400',
    quantity: 1,
    due: 4,
    createdDaysAgo: 9,
    status: 'in_progress',
    issuedBy: 'manager',
  },
  // Orders: PLCs to order (3 needed, the 2 delivered for WO-1007 on hand).
  { number: 'WO-1006', product: 'CTL-500', quantity: 3, due: 3, createdDaysAgo: 4 },
  // Stock: its PLCs were ordered and have all arrived.
  {
    number: 'WO-1007',
    product: 'CTL-500',
    quantity: 2,
    due: 15,
    createdDaysAgo: 7,
    procurement: [[2, 2, 2]],
  },
  // Stock: no due date, so the deadline is 7 days after creation.
  { number: 'WO-1008', product: 'GBX-100', quantity: 2, due: null, createdDaysAgo: 1 },
  // Stock: ready to issue.
  { number: 'WO-1009', product: 'PMP-200', quantity: 1, due: 12, createdDaysAgo: 3 },
  // Complete.
  {
    number: 'WO-1010',
    product: 'CNV-300',
    quantity: 1,
    due: -5,
    createdDaysAgo: 30,
    status: 'completed',
    issuedBy: 'manager',
  },
  {
    number: 'WO-1011',
    product: 'HYD-400',
    quantity: 1,
    due: -1,
    createdDaysAgo: 20,
    status: 'completed',
    issuedBy: 'owner',
  },
  // Orders: two impellers to order (its only short part).
  { number: 'WO-1012', product: 'FAN-600', quantity: 2, due: 20, createdDaysAgo: 2 },
  // Orders: a PLC ordered.
  {
    number: 'WO-1013',
    product: 'CTL-500',
    quantity: 1,
    due: 14,
    createdDaysAgo: 2,
    procurement: [[2, 1, 0]],
  },
];

/** The demo schedule: these jobs are scheduled in this order, every other job is new. */
const DEMO_SCHEDULE = ['WO-1003', 'WO-1005', 'WO-1001'];

/** What the demo work orders received of each part number: receiving adds it to the stock on hand. */
function demoDeliveries(): Map<string, number> {
  const delivered = new Map<string, number>();
  for (const w of DEMO_WORK_ORDERS) {
    const product = DEMO_BOM_PRODUCTS.find((p) => p.code === w.product);
    for (const [index, , received] of w.procurement ?? []) {
      const partNumber = product?.slots[index - 1]?.[0];
      if (partNumber) delivered.set(partNumber, (delivered.get(partNumber) ?? 0) + received);
    }
  }
  return delivered;
}

/** The demo SOP documents and photos as real files in the documents bucket; returns their URLs by name. */
async function seedJobFiles(storage: StoragePort, companyId: string): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  const colours: Array<[number, number, number]> = [
    [37, 99, 235],
    [22, 163, 74],
    [217, 119, 6],
  ];
  for (const product of DEMO_BOM_PRODUCTS) {
    for (const name of product.sop) {
      const key = `${companyId}/workshop/${name}`;
      const body = demoPdf([
        `${product.code} - ${product.name}`,
        'Standard operating procedure (demo document)',
        ...product.slots.map(([part, quantity], i) => `${i + 1}. Fit ${quantity} x ${part}`),
      ]);
      await storage.put({
        bucket: DOCUMENTS_BUCKET,
        key,
        body,
        contentType: 'application/pdf',
        fileName: name,
      });
      urls.set(name, documentFileUrl(key));
    }
    for (const [i, name] of product.photos.entries()) {
      const key = `${companyId}/workshop/${name}`;
      const body = demoPng(colours[i % colours.length] as [number, number, number]);
      await storage.put({ bucket: DOCUMENTS_BUCKET, key, body, contentType: 'image/png', fileName: name });
      urls.set(name, documentFileUrl(key));
    }
  }
  return urls;
}

async function seedWorkshop(
  tx: Tx,
  storage: StoragePort,
  companyId: string,
  today: string,
  userId: (key: string) => string | null,
) {
  const delivered = demoDeliveries();
  await tx.insert(componentDatabase).values(
    DEMO_COMPONENTS.map(([partNumber, component, quantityOnHand, vendor]) => ({
      companyId,
      partNumber,
      component,
      quantityOnHand: quantityOnHand + (delivered.get(partNumber) ?? 0),
      vendor,
    })),
  );
  const fileUrls = await seedJobFiles(storage, companyId);
  const urlsOf = (names: string[]) => names.map((name) => fileUrls.get(name) as string);
  const productIds = new Map(DEMO_BOM_PRODUCTS.map((p) => [p.code, randomUUID()]));
  await tx.insert(bomProducts).values(
    DEMO_BOM_PRODUCTS.map((p) => ({
      id: productIds.get(p.code) as string,
      companyId,
      productCode: p.code,
      productName: p.name,
      sopDocuments: urlsOf(p.sop),
      photos: urlsOf(p.photos),
      ...Object.fromEntries(
        p.slots.flatMap(([part, q], i) => [
          [`c${i + 1}`, part],
          [`q${i + 1}`, q],
        ]),
      ),
    })),
  );
  const workOrderIds = new Map(DEMO_WORK_ORDERS.map((w) => [w.number, randomUUID()]));
  await tx.insert(workOrders).values(
    DEMO_WORK_ORDERS.map((w) => {
      const id = workOrderIds.get(w.number) as string;
      const product = DEMO_BOM_PRODUCTS.find((p) => p.code === w.product);
      const createdAt = new Date(`${addDays(today, -w.createdDaysAgo)}T08:00:00Z`);
      const issuedBy = w.issuedBy ? userId(w.issuedBy) : null;
      return {
        id,
        companyId,
        productId: productIds.get(w.product) ?? null,
        productCode: w.product,
        productName: product?.name ?? w.product,
        quantityRequired: w.quantity,
        workOrderNumber: w.number,
        dueDate: w.due === null ? null : addDays(today, w.due),
        status: w.status ?? 'pending',
        notes: w.notes ?? null,
        createdAt,
        partsProcurementStatus: (w.procurement ?? []).map(([index, ordered, received]) =>
          settleProcurementEntry({
            partId: partIdOf(id, index),
            quantityOrdered: ordered,
            quantityReceived: received,
          }),
        ),
        issued: issuedBy !== null,
        issuedAt: issuedBy ? new Date(createdAt.getTime() + 86_400_000) : null,
        issuedBy,
      };
    }),
  );
  await tx.insert(workshopJobSchedules).values({
    companyId,
    jobOrder: DEMO_SCHEDULE.map((n) => workOrderIds.get(n) as string),
  });
  // The board lists, by the shared part rules, as every change to a job stores them (ADR 0024).
  await refreshJobLists(tx, companyId, { kind: 'all' });
}
