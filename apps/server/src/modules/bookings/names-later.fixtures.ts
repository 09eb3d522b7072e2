import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { groups } from '../groups/groups.table.js';

/** add-booking fields of a names-later booking (PRODUCT §6): the PNR and the types, nothing else per passenger. */
export function namesLaterFields({
  pnr,
  types,
  extra = {},
}: {
  pnr: string;
  types: string[];
  extra?: Record<string, string>;
}): Array<[string, string]> {
  const fields: Array<[string, string]> = [['pnr', pnr], ['names_later', '1'], ...Object.entries(extra)];
  for (const type of types) fields.push(['type[]', type]);
  return fields;
}

/** Sets a group's name deadline straight in the database (and whether the job has handled it). */
export async function setNameDeadline(db: Database, groupId: number, nameDeadline: Date | null, doneAt: Date | null = null): Promise<void> {
  await db.update(groups).set({ nameDeadline, nameDeadlineDoneAt: doneAt }).where(eq(groups.id, groupId));
}
