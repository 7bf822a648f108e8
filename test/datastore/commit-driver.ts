/**
 * @module test/datastore/commit-driver
 * A child process for the crash test: opens the datastore in a data directory (as the server
 * does: SQLite journal, checkpoints), reports what start-up loaded, then commits forever,
 * printing `ack N` once commit N is durable. The parent kills it with SIGKILL at random moments.
 *
 * Each commit N sets `counter` to N and adds entry `eN`, so the state after commit N is known
 * exactly: a partial commit would show as a counter and an entry count that disagree.
 */
import { validateTree } from '../../src/data/index.ts';
import { Datastore, SqliteJournalStore } from '../../src/datastore/index.ts';
import { crashSchema, stateOf, withCommit } from './crash-model.ts';

const dataDir = process.argv[2] as string;
const burst = Number(process.argv[3] ?? '4');
const schema = crashSchema();
const datastore = await Datastore.open({
  schema,
  journal: new SqliteJournalStore({ dataDir }),
  checkpointEvery: 5,
  retention: 20,
});
const { root, fixedNumber } = datastore.snapshot;
const errors = validateTree(root, { type: 'config' });
const files = await datastore.journal.listCommits({ limit: 1000 });
process.stdout.write(
  `${JSON.stringify({ loaded: fixedNumber, state: stateOf(root), errors: errors.map((error) => error.message), files: files.map((file) => file.fixedNumber) })}\n`,
);
// Commits in bursts of concurrent writers, so that group commits are killed too.
for (;;) {
  const outcomes = await Promise.all(
    Array.from({ length: burst }, () =>
      datastore.commit((tree, state) => withCommit(tree, state.fixedNumber + 1), { user: 'crash', via: 'system' }),
    ),
  );
  for (const outcome of outcomes) process.stdout.write(`ack ${outcome.fixedNumber}\n`);
}
