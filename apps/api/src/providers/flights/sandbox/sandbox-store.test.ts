import { describeSandboxStoreContract } from '@contrail/sandbox/store-contract';
import { resetDatabase, testDatabase } from '../../../../test/database';
import { createPostgresSandboxStore } from './sandbox-store';

describeSandboxStoreContract('PostgreSQL sandbox store', async () => {
  const database = await testDatabase();
  await resetDatabase(database);
  return createPostgresSandboxStore(database.db);
});
