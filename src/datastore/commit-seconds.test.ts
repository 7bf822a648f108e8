/**
 * @module datastore/commit-seconds.test
 * Commit times to the whole second by fixed number: one run per second, found by a binary search
 * at run edges, forgotten below a floor, and the same answer as a plain list of every commit's
 * time over a seeded stream of commits.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CommitSeconds, wholeSecond } from './commit-seconds.ts';

const at = (milliseconds: number): string => new Date(Date.UTC(2026, 10, 27, 8, 0, 0) + milliseconds).toISOString();

describe('wholeSecond', () => {
  it('drops the fraction of a UTC time and keeps any other text', () => {
    assert.equal(wholeSecond('2026-11-27T08:12:34.567Z'), '2026-11-27T08:12:34Z');
    assert.equal(wholeSecond('2026-11-27T08:12:34Z'), '2026-11-27T08:12:34Z');
    assert.equal(wholeSecond('2026-11-27T08:12:34.5+02:00'), '2026-11-27T08:12:34.5+02:00');
    assert.equal(wholeSecond('floor'), 'floor');
    assert.equal(new Date(wholeSecond(at(1_999))).getTime(), new Date(at(1_000)).getTime());
  });
});

describe('CommitSeconds', () => {
  it('keeps one run per second and finds each commit in its own', () => {
    const seconds = new CommitSeconds();
    seconds.add(10, at(0));
    seconds.add(11, at(400));
    seconds.add(12, at(999));
    seconds.add(13, at(1_000));
    seconds.add(20, at(5_500));
    assert.equal(seconds.size, 3);
    assert.equal(seconds.timeOf(9), undefined);
    for (const fixedNumber of [10, 11, 12]) assert.equal(seconds.timeOf(fixedNumber), '2026-11-27T08:00:00Z');
    for (const fixedNumber of [13, 19]) assert.equal(seconds.timeOf(fixedNumber), '2026-11-27T08:00:01Z');
    assert.equal(seconds.timeOf(20), '2026-11-27T08:00:05Z');
    assert.equal(seconds.timeOf(1_000_000), '2026-11-27T08:00:05Z');
  });

  it('ignores a commit older than the latest run', () => {
    const seconds = new CommitSeconds();
    seconds.add(5, at(0));
    seconds.add(5, at(3_000));
    seconds.add(4, at(4_000));
    assert.equal(seconds.size, 1);
    assert.equal(seconds.timeOf(5), '2026-11-27T08:00:00Z');
  });

  it('starts a run when the clock goes back a second, and still answers by fixed number', () => {
    const seconds = new CommitSeconds();
    seconds.add(1, at(2_000));
    seconds.add(2, at(1_000));
    seconds.add(3, at(2_000));
    assert.deepEqual(
      [1, 2, 3].map((n) => seconds.timeOf(n)?.slice(17)),
      ['02Z', '01Z', '02Z'],
    );
  });

  it('forgets the runs that end before a floor, and keeps the one the floor falls in', () => {
    const seconds = new CommitSeconds();
    for (let second = 0; second < 5; second++) seconds.add(10 * second + 1, at(second * 1_000));
    seconds.forgetBefore(25);
    assert.equal(seconds.size, 3);
    assert.equal(seconds.timeOf(25), '2026-11-27T08:00:02Z');
    assert.equal(seconds.timeOf(41), '2026-11-27T08:00:04Z');
    seconds.forgetBefore(1_000);
    assert.equal(seconds.size, 1);
    assert.equal(seconds.timeOf(41), '2026-11-27T08:00:04Z');
  });

  it('answers as a list of every commit would, over a seeded stream of commits', () => {
    let state = 12_345;
    const random = (): number => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const seconds = new CommitSeconds();
    const every = new Map<number, string>();
    let fixedNumber = 100;
    let clock = 0;
    for (let commit = 0; commit < 5_000; commit++) {
      fixedNumber += 1 + Math.floor(random() * 3);
      clock += Math.floor(random() * 400);
      seconds.add(fixedNumber, at(clock));
      every.set(fixedNumber, wholeSecond(at(clock)));
    }
    for (const [number, time] of every) assert.equal(seconds.timeOf(number), time, `commit ${number}`);
    assert.ok(seconds.size < every.size / 4, `${seconds.size} runs for ${every.size} commits`);
  });
});
