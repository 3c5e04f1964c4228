/**
 * The import graph of a source tree, folded to folders, and the cycles in it. A folder is the first two path
 * levels under the project root (`src/tasks`, `src/kit`); a file at the top of `src/` is a node of its own
 * (`src/main/main.ts`). Built with the TypeScript compiler's parser, so `import type`, re-exports and dynamic
 * `import()` all count: the dependency rule is about what a folder knows, not only what it loads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One import of one file by another, both relative to the project root with `/` separators. */
export interface FileEdge {
  from: string;
  to: string;
}

export interface FolderGraph {
  /** folder → folders it imports (never itself). */
  edges: Map<string, Set<string>>;
  /** `from folder → to folder` → the file imports that make that edge. */
  witnesses: Map<string, FileEdge[]>;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

export interface ModuleReference {
  specifier: string;
  /** Erased at run time: `import type`, `export type`, `import { type A }` with only type names, `import('x').T`. */
  typeOnly: boolean;
}

function importIsTypeOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './x.ts'` runs x
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

function exportIsTypeOnly(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    !!clause &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((element) => element.isTypeOnly)
  );
}

/** Every module a file refers to: import/export declarations, `import x = require()`, `import('…')`. */
export function moduleReferences(fileName: string, text: string): ModuleReference[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: ModuleReference[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: importIsTypeOnly(node) });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: exportIsTypeOnly(node) });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push({ specifier: node.moduleReference.expression.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) found.push({ specifier: literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `src/tasks/rules/open.ts` → `src/tasks`; `src/main/main.ts` → `src/main/main.ts`. */
export function folderOf(path: string): string {
  return path.split('/').slice(0, 2).join('/');
}

const toPosix = (path: string): string => path.split(sep).join('/');

export interface GraphOptions {
  /** Source folder under root. Default 'src'. */
  srcDir?: string;
  /** Count imports that are erased at run time. Default false: the graph is what loads what. */
  types?: boolean;
}

/** The folder graph of every `.ts` file under `root/srcDir` (relative imports only; packages are not folders). */
export function buildFolderGraph(root: string, options: GraphOptions = {}): FolderGraph {
  const { srcDir = 'src', types = false } = options;
  const edges = new Map<string, Set<string>>();
  const witnesses = new Map<string, FileEdge[]>();
  for (const file of sourceFiles(join(root, srcDir))) {
    const from = toPosix(relative(root, file));
    for (const { specifier, typeOnly } of moduleReferences(file, readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.') || (typeOnly && !types)) continue;
      const to = toPosix(relative(root, resolve(dirname(file), specifier)));
      const a = folderOf(from);
      const b = folderOf(to);
      if (a === b) continue;
      if (!edges.has(a)) edges.set(a, new Set());
      edges.get(a)!.add(b);
      const key = `${a} → ${b}`;
      if (!witnesses.has(key)) witnesses.set(key, []);
      witnesses.get(key)!.push({ from, to });
    }
  }
  return { edges, witnesses };
}

/** Strongly connected components with more than one folder (Tarjan), each as a sorted list. */
function tangledComponents(edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const nodes = new Set<string>([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])]);
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of [...nodes].sort()) if (!index.has(v)) connect(v);
  return components;
}

/** A shortest cycle through `start` inside one component (breadth-first), e.g. [a, b, c, a]. */
function cycleThrough(start: string, members: Set<string>, edges: Map<string, Set<string>>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of [...(edges.get(v) ?? [])].sort()) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(w) && w !== start) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

/** Every folder cycle, one per tangled component, as readable text with one file import per step. */
export function describeFolderCycles(graph: FolderGraph): string[] {
  return tangledComponents(graph.edges).map((component) => {
    const cycle = cycleThrough(component[0]!, new Set(component), graph.edges);
    const steps = cycle.slice(1).map((to, i) => {
      const from = cycle[i]!;
      const witness = graph.witnesses.get(`${from} → ${to}`)![0]!;
      return `  ${from} → ${to}   (${witness.from} imports ${witness.to})`;
    });
    return [`cycle: ${cycle.join(' → ')}  [folders in the tangle: ${component.join(', ')}]`, ...steps].join(
      '\n',
    );
  });
}
