// import-x/no-cycle, counting type-only imports too. The library's rule skips every `import type` (its
// no-cycle.js, the importKind test and the isOnlyImportingTypes filter) and has no option to keep them,
// yet a type-level circle is still a fact in the wrong file (issue 25). This is that rule's walk, on the
// library's own resolver and module graph (ModuleInfo), with the type filter left out: nothing else.
import { ModuleInfo } from 'eslint-plugin-import-x/core/index';
import { moduleVisitor } from 'eslint-plugin-import-x/utils';

// Per linted file: a module walked from one of its imports is not walked again from another.
const traversed = new Set();

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle back to this file via {{route}}: move the shared fact to one place.' },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};
    return {
      ...moduleVisitor(
        (sourceNode, importer) => {
          const imported = ModuleInfo.get(sourceNode.value, context);
          if (imported == null || imported.path === filename || traversed.has(imported.path)) return;
          traversed.add(imported.path);
          const queue = [{ mget: () => imported, route: [sourceNode.value] }];
          while (queue.length > 0) {
            const { mget, route } = queue.shift();
            const module = mget();
            if (module == null) continue;
            for (const [path, { resolve, declarations }] of module.getImports()) {
              if (path === filename) {
                for (const entry of queue) traversed.delete(entry.path);
                const via = [...declarations][0]?.source.value;
                context.report({
                  node: importer,
                  messageId: 'cycle',
                  data: { route: [...route, via].join(' → ') },
                });
                return;
              }
              if (traversed.has(path)) continue;
              traversed.add(path);
              queue.push({ mget: resolve, path, route: [...route, [...declarations][0]?.source.value] });
            }
          }
        },
        { esmodule: true },
      ),
      'Program:exit'() {
        traversed.clear();
      },
    };
  },
};
