// zod's `z` export holds every part of it, its 40 locales too: `import { z } from 'zod'` bundled into the
// host added 560 kB and 15 ms to each start. The namespace import (zod's own advice) lets the bundler keep
// what is used. no-restricted-imports cannot say this: it counts `import * as z` as importing `z` too.

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: "Import zod as a namespace (import * as z from 'zod'), never its `z` export." },
    schema: [],
    messages: {
      named: "Import zod as a namespace: import * as z from 'zod' (the `z` export keeps all of zod).",
    },
  },
  create(context) {
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || !/^zod(\/|$)/.test(String(node.source.value))) return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier' && spec.importKind !== 'type' && spec.imported.name === 'z')
            context.report({ node: spec, messageId: 'named' });
        }
      },
    };
  },
};
