/**
 * Moves TypeScript modules and re-points every relative import of them (static, export-from, dynamic import(),
 * import types, `new URL(…, import.meta.url)`) in src/, test/ and bench/, using the TypeScript compiler's parser:
 * no text search-and-replace. Keeps git history (`git mv`).
 *
 *   node scripts/move-module.mjs src/old/a.ts src/new/a.ts [src/old/b.ts src/new/b.ts …]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ts = createRequire(import.meta.url)('typescript');
const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2 !== 0) {
  process.stderr.write('usage: node scripts/move-module.mjs FROM TO [FROM TO …]\n');
  process.exit(2);
}
const moves = new Map();
for (let i = 0; i < args.length; i += 2) moves.set(resolve(root, args[i]), resolve(root, args[i + 1]));

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts|mjs|js)$/.test(name)) yield path;
  }
}

function specifierLiterals(sf) {
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      found.push(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      found.push(node.arguments[0]);
    else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'URL' &&
      node.arguments?.length === 2 &&
      node.arguments[1].getText(sf) === 'import.meta.url'
    )
      found.push(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      found.push(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found.filter((lit) => lit && ts.isStringLiteralLike(lit) && lit.text.startsWith('.'));
}

const files = ['src', 'test', 'bench'].flatMap((d) => [...sourceFiles(join(root, d))]);
let rewritten = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const newFile = moves.get(file) ?? file;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits = [];
  for (const lit of specifierLiterals(sf)) {
    const target = normalize(join(dirname(file), lit.text));
    const mapped = moves.get(target) ?? target;
    let spec = relative(dirname(newFile), mapped);
    if (!spec.startsWith('.')) spec = `./${spec}`;
    if (lit.text.endsWith('/') && !spec.endsWith('/')) spec += '/';
    if (spec !== lit.text) edits.push({ start: lit.getStart(sf) + 1, end: lit.getEnd() - 1, spec });
  }
  if (edits.length === 0) continue;
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + e.spec + out.slice(e.end);
  writeFileSync(file, out);
  rewritten++;
}
for (const [from, to] of moves) {
  mkdirSync(dirname(to), { recursive: true });
  execFileSync('git', ['mv', relative(root, from), relative(root, to)], { cwd: root });
}
process.stdout.write(`moved ${moves.size} module(s); import paths rewritten in ${rewritten} file(s)\n`);
