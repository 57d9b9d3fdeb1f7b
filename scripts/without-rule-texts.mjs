// The esbuild plugin that scripts/build.mjs builds dist/index.production.js with, the `production`
// export condition of `rest-endpoint` (docs/errors.md, "Messages in production builds").
import { readFileSync } from "node:fs";
import ts from "typescript";

/**
 * Every `fail(code, argument, rule, received?)` call of lib/ with its `rule`, the sentence that
 * states what the argument must be, replaced by `""`: the error keeps its code, its argument, the
 * value received and the docs link, which states the rule. TypeScript's own parser finds the calls,
 * so no string search can miss one or cut one short; the build fails if a file that calls `fail`
 * kept a rule.
 */
export const withoutRuleTexts = {
  name: "without-rule-texts",
  setup(build) {
    build.onLoad({ filter: /[\\/]lib[\\/].*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      let withoutRule = 0;
      const transformer = (context) => {
        const visit = (node) => {
          if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "fail") {
            const [code, argument, rule, ...received] = node.arguments;
            if (rule === undefined) withoutRule++;
            else {
              const items = [code, argument, ts.factory.createStringLiteral(""), ...received];
              return ts.factory.updateCallExpression(
                node,
                node.expression,
                node.typeArguments,
                items.map((item) => ts.visitNode(item, visit)),
              );
            }
          }
          return ts.visitEachChild(node, visit, context);
        };
        return (file) => ts.visitNode(file, visit);
      };
      const output = ts.transpileModule(source, {
        fileName: args.path,
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
        transformers: { before: [transformer] },
      });
      if (withoutRule > 0) throw new Error(`${args.path}: a fail() call without its rule argument`);
      return { contents: output.outputText, loader: "js" };
    });
  },
};
