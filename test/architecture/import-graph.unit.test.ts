/**
 * The dependency rule, half two (half one is eslint.config.js): no import cycle between folders of src. A folder
 * is the first two path levels (`src/tasks`, `src/kit`); a file at the top of src is a node of its own.
 * The graph counts what loads at run time; `import type` is left out because every feature still names the
 * composition root's `Deps` type, and the root names the features' services in it.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildFolderGraph, describeFolderCycles } from './import-graph.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the import graph of src', () => {
  it('has no cycle between folders', () => {
    const graph = buildFolderGraph(root);
    expect(graph.edges.size, 'the graph found the src folders').toBeGreaterThan(10);
    expect(describeFolderCycles(graph).join('\n\n')).toBe('');
  });
});
