import { openDatabase } from '../src/db/client.ts';
import { listCompaniesForRollover } from '../src/features/leave/leave.repository.ts';
import { rolloverCompany } from '../src/features/leave/leave.service.ts';
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/hr_bench' } as never);
for (const c of await listCompaniesForRollover(database.db)) {
  const t = performance.now();
  const r = await rolloverCompany(database.db, c.id);
  console.log(c.id, Math.round(performance.now() - t), 'ms', JSON.stringify(r));
}
await database.close();
