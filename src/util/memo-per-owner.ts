/**
 * @module util/memo-per-owner
 * A bounded memo of `compute(owner, key)` for each owner object: the owner is held weakly (its
 * results go with it), and an owner's memo forgets all its keys once it holds `limit` of them,
 * then learns them again. Used for what a request path resolves to in a given schema.
 */

/** Returns `compute(owner, key)`, computed once per owner and key while remembered. */
export const memoPerOwner = <Owner extends object, Value>(
  limit: number,
  compute: (owner: Owner, key: string) => Value,
): ((owner: Owner, key: string) => Value) => {
  const memos = new WeakMap<Owner, Map<string, Value>>();
  return (owner, key) => {
    let memo = memos.get(owner);
    if (memo === undefined) {
      memo = new Map();
      memos.set(owner, memo);
    }
    if (memo.has(key)) return memo.get(key) as Value;
    const value = compute(owner, key);
    if (memo.size >= limit) memo.clear();
    memo.set(key, value);
    return value;
  };
};
