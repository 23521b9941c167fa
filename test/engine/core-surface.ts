/**
 * The written entry point of `swedish-calendar/core` (engine/core.ts: `export { a, b, type C } from "./x.js"` lines),
 * and the names the rest of the project takes from it. Shared by test/engine/package-shape.test.ts (every name on the
 * list is taken by someone) and test/package/package.test.ts (the installed module exports exactly the list).
 */

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(import.meta.dirname, "../..");
export const CORE_SOURCE = join(ROOT, "engine/core.ts");
const SPECIFIER = "swedish-calendar/core";

export interface CoreSurface {
  /** the values (what `Object.keys` of the module gives), sorted */
  values: string[];
  /** the types, sorted */
  types: string[];
  /** each statement's text that is not an `export { … } from "./x.js"` with names (an `export *`, a local declaration) */
  other: string[];
}

/** The names engine/core.ts exports, read from its statements. */
export function writtenCoreSurface(text = readFileSync(CORE_SOURCE, "utf8")): CoreSurface {
  const source = ts.createSourceFile("core.ts", text, ts.ScriptTarget.Latest, true);
  const values: string[] = [];
  const types: string[] = [];
  const other: string[] = [];
  for (const statement of source.statements) {
    const named =
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      /^\.\/[\w-]+\.js$/.test(statement.moduleSpecifier.text);
    if (!named) {
      other.push(statement.getText(source));
      continue;
    }
    const declaration = statement as ts.ExportDeclaration;
    for (const element of (declaration.exportClause as ts.NamedExports).elements) {
      (declaration.isTypeOnly || element.isTypeOnly ? types : values).push(element.name.text);
    }
  }
  return { values: values.sort(), types: types.sort(), other };
}

export const ICS_SOURCE = join(ROOT, "engine/ics.ts");

/**
 * The names engine/ics.ts (`swedish-calendar/ics`) exports: its `export { … } from "./x.js"` lines and its own
 * exported functions (`icsFeed`). Its imports and unexported declarations are its own business; any other export
 * statement (an `export *`, an `export default`, an exported variable) is listed in `other`.
 */
export function writtenIcsSurface(text = readFileSync(ICS_SOURCE, "utf8")): CoreSurface {
  const source = ts.createSourceFile("ics.ts", text, ts.ScriptTarget.Latest, true);
  const exported = (s: ts.Statement) =>
    ts.canHaveModifiers(s) && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const own = source.statements.filter((s) => ts.isFunctionDeclaration(s) && exported(s)) as ts.FunctionDeclaration[];
  const lists = source.statements.filter(
    (s) =>
      ts.isExportDeclaration(s) ||
      ts.isExportAssignment(s) ||
      (exported(s) && !own.includes(s as ts.FunctionDeclaration)),
  );
  const rateLimitGroup = writtenCoreSurface(lists.map((s) => s.getText(source)).join("\n"));
  rateLimitGroup.values = [...rateLimitGroup.values, ...own.map((f) => f.name!.text)].sort();
  return rateLimitGroup;
}

/**
 * Every name a file of the project outside engine/ takes from `swedish-calendar/core`: named imports and
 * re-exports, `import("swedish-calendar/core")` destructured or as a namespace, and the properties read from a
 * namespace (`core.parseYear`, `Core.Day`), also through an object that spreads it (`{ ...core, ...query }`).
 * A name read from a namespace counts whether or not core has it (the caller intersects).
 */
export function coreNamesTaken(): Map<string, string[]> {
  const files = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "*.ts", "*.mts", "*.mjs", "*.astro"],
    { cwd: ROOT, encoding: "utf8" },
  )
    .split("\n")
    .filter((f) => f && !f.startsWith("engine/"));
  const taken = new Map<string, string[]>();
  const take = (name: string, file: string) => {
    const list = taken.get(name) ?? [];
    if (!list.includes(file)) list.push(file);
    taken.set(name, list);
  };
  for (const file of files) {
    let text = readFileSync(join(ROOT, file), "utf8");
    if (!text.includes(SPECIFIER)) continue;
    if (file.endsWith(".astro")) {
      // the frontmatter and the scripts are TypeScript; the markup is not read
      const parts = [
        /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "",
        ...[...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]),
      ];
      text = parts.join("\n");
    }
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const namespaces = new Set<string>();
    const isCore = (node: ts.Node | undefined) =>
      node !== undefined && ts.isStringLiteral(node) && node.text === SPECIFIER;
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && isCore(node.moduleSpecifier)) {
        const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
        if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
          for (const element of bindings.elements) take((element.propertyName ?? element.name).text, file);
        } else if (bindings && ts.isNamespaceImport(bindings)) {
          namespaces.add(bindings.name.text);
        }
      }
      if (ts.isVariableDeclaration(node) && node.initializer) {
        const init = ts.isAwaitExpression(node.initializer) ? node.initializer.expression : node.initializer;
        if (
          ts.isCallExpression(init) &&
          init.expression.kind === ts.SyntaxKind.ImportKeyword &&
          isCore(init.arguments[0])
        ) {
          if (ts.isIdentifier(node.name)) namespaces.add(node.name.text);
          else if (ts.isObjectBindingPattern(node.name)) {
            for (const element of node.name.elements)
              take(((element.propertyName ?? element.name) as ts.Identifier).text, file);
          }
        }
      }
      if (
        ts.isImportTypeNode(node) &&
        ts.isLiteralTypeNode(node.argument) &&
        isCore(node.argument.literal) &&
        node.qualifier
      ) {
        take(ts.isIdentifier(node.qualifier) ? node.qualifier.text : node.qualifier.left.getText(source), file);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (namespaces.size === 0) continue;
    const aliases = (node: ts.Node): void => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        ts.isObjectLiteralExpression(node.initializer) &&
        node.initializer.properties.some(
          (p) => ts.isSpreadAssignment(p) && ts.isIdentifier(p.expression) && namespaces.has(p.expression.text),
        )
      ) {
        namespaces.add(node.name.text);
      }
      ts.forEachChild(node, aliases);
    };
    aliases(source);
    const reads = (node: ts.Node): void => {
      if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        namespaces.has(node.expression.text)
      )
        take(node.name.text, file);
      if (ts.isQualifiedName(node) && ts.isIdentifier(node.left) && namespaces.has(node.left.text))
        take(node.right.text, file);
      ts.forEachChild(node, reads);
    };
    reads(source);
  }
  return taken;
}
