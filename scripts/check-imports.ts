/**
 * @module scripts/check-imports
 * `npm run lint` (after Biome): checks the imports of src/ against the layering of
 * docs/architecture.md (test/architecture/import-graph.ts): no upward or sideways import between
 * folders or rooms, other folders and rooms only through their index.ts, no test code in
 * production code, no import cycle. Prints each violation and exits 1 when there is any.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkLayering, listSourceFiles, readImportEdges } from '../test/architecture/import-graph.ts';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const violations = checkLayering(readImportEdges(src, listSourceFiles(src)));
for (const violation of violations) process.stderr.write(`${violation.rule}: ${violation.message}\n`);
process.stdout.write(
  violations.length === 0 ? 'imports: layering kept, no cycle\n' : `imports: ${violations.length} violation(s)\n`,
);
process.exit(violations.length === 0 ? 0 : 1);
