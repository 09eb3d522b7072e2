/**
 * Decision 039: add-booking admits a few requests per group at a time in this process; the others wait here, in
 * arrival order, before they read the group. Without it, a release of many requests at once reads the group for all
 * of them before the first booking commits, so none can see that the seats are gone before it re-encodes its scans
 * and queues for the group's row lock; with it, each request reads the seats sold just before its turn, and one that
 * cannot fit is refused at once (addBooking). The group's row lock still serialises the bookings (and the processes
 * of WORKERS > 1); this only decides when a request of this process starts. `limit` keeps the next requests ready
 * while one holds the lock, so the lock is never left idle for them.
 */
export const GROUP_ADMISSION_LIMIT = 3;

interface Gate {
  active: number;
  waiting: Array<() => void>;
}

export interface GroupAdmission {
  /** Waits for a turn on `key` (the PNR); the answer releases it (once). */
  enter(key: string): Promise<() => void>;
}

export function createGroupAdmission(limit = GROUP_ADMISSION_LIMIT): GroupAdmission {
  const gates = new Map<string, Gate>();
  function release(key: string, gate: Gate): void {
    const next = gate.waiting.shift();
    if (next) return next();
    gate.active -= 1;
    if (gate.active === 0) gates.delete(key);
  }
  return {
    async enter(key) {
      let gate = gates.get(key);
      if (!gate) {
        gate = { active: 0, waiting: [] };
        gates.set(key, gate);
      }
      const entered = gate;
      if (entered.active < limit) entered.active += 1;
      // A turn handed over by release keeps `active` as it is.
      else await new Promise<void>((resolve) => entered.waiting.push(resolve));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release(key, entered);
      };
    },
  };
}
