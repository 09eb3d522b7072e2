import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { users } from '../users/users.table.js';

/** Who signs a shared text, and the markup it adds (decision 026). */
export async function findSharer({ db, userId }: { db: Executor; userId: number }) {
  const [row] = await db
    .select({ role: users.role, name: users.name, agencyName: users.agencyName, phone: users.phone, shareMarkup: users.shareMarkup })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export type Sharer = NonNullable<Awaited<ReturnType<typeof findSharer>>>;

/** Stores a live agent's markup; answers whether the row was there. */
export async function updateShareMarkup({ db, userId, markup }: { db: Executor; userId: number; markup: number }): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ shareMarkup: markup, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.role, 'user'), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}
