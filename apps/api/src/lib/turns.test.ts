import { describe, expect, it } from 'vitest';
import { turns } from './turns';

/** A run of work that ends when the test says, counting how many run at once. */
function tracked() {
  let now = 0;
  let most = 0;
  const order: number[] = [];
  const ends = new Map<number, () => void>();
  const work = (n: number) => () =>
    new Promise<number>((resolve) => {
      now += 1;
      most = Math.max(most, now);
      order.push(n);
      ends.set(n, () => {
        now -= 1;
        resolve(n);
      });
    });
  const end = async (n: number) => {
    const finish = ends.get(n);
    if (!finish) throw new Error(`run ${String(n)} has not started`);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { work, end, order, most: () => most, running: () => now };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('turns', () => {
  it('runs at most atOnce at a time, the others in the order they came', async () => {
    const inTurn = turns(2);
    const t = tracked();
    const runs = [1, 2, 3, 4, 5].map((n) => inTurn(undefined, t.work(n)));
    await settled();
    expect(t.order).toEqual([1, 2]);
    await t.end(2);
    expect(t.order).toEqual([1, 2, 3]);
    await t.end(1);
    await t.end(3);
    expect(t.order).toEqual([1, 2, 3, 4, 5]);
    await t.end(4);
    await t.end(5);
    expect(await Promise.all(runs)).toEqual([1, 2, 3, 4, 5]);
    expect(t.most()).toBe(2);
    // Every turn was given back: two run at once again.
    const again = [6, 7, 8].map((n) => inTurn(undefined, t.work(n)));
    await settled();
    expect(t.running()).toBe(2);
    await t.end(6);
    await t.end(7);
    await t.end(8);
    await Promise.all(again);
  });

  it('gives a turn back when the work fails', async () => {
    const inTurn = turns(1);
    await expect(inTurn(undefined, () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(inTurn(undefined, () => Promise.resolve('yes'))).resolves.toBe('yes');
  });

  it('stops waiting when the signal aborts, taking no turn', async () => {
    const inTurn = turns(1);
    const t = tracked();
    const first = inTurn(undefined, t.work(1));
    const leaving = new AbortController();
    const left = inTurn(leaving.signal, t.work(2));
    const third = inTurn(undefined, t.work(3));
    await settled();
    leaving.abort(new Error('the traveller left'));
    await expect(left).rejects.toThrow('the traveller left');
    await t.end(1);
    expect(t.order).toEqual([1, 3]);
    await t.end(3);
    await Promise.all([first, third]);
    // Already aborted: refused at once when it would have to wait.
    const busy = inTurn(undefined, t.work(4));
    await settled();
    await expect(inTurn(AbortSignal.abort(new Error('gone')), t.work(5))).rejects.toThrow('gone');
    await t.end(4);
    await busy;
    expect(t.order).toEqual([1, 3, 4]);
  });
});
