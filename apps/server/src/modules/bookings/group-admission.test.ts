import { describe, expect, it } from 'vitest';
import { createGroupAdmission } from './group-admission.js';

/** Lets every pending promise callback run. */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await Promise.resolve();
}

describe('add-booking admission per group (decision 039)', () => {
  it('when more requests than the limit enter one group, then the others wait and go in arrival order as turns end', async () => {
    const admission = createGroupAdmission(2);
    const entered: number[] = [];
    const leaves = new Map<number, () => void>();
    for (const request of [1, 2, 3, 4]) {
      void admission.enter('PNR1').then((leave) => {
        entered.push(request);
        leaves.set(request, leave);
      });
    }
    await settle();
    expect(entered).toEqual([1, 2]);

    leaves.get(2)!();
    leaves.get(2)!(); // a second call gives no extra turn
    await settle();
    expect(entered).toEqual([1, 2, 3]);

    leaves.get(1)!();
    await settle();
    expect(entered).toEqual([1, 2, 3, 4]);
  });

  it('when another group is busy, then a request for this group enters at once', async () => {
    const admission = createGroupAdmission(1);
    const busy = await admission.enter('PNR1');
    let waiting = false;
    void admission.enter('PNR1').then(() => {
      waiting = true;
    });
    const other = await admission.enter('PNR2');
    await settle();
    expect(waiting).toBe(false);
    other();
    busy();
    await settle();
    expect(waiting).toBe(true);
  });
});
