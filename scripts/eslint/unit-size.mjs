/**
 * `unit-size/max-function-lines`: no function longer than `max` lines of code (blank and
 * comment-only lines not counted). A function's named inner units count on their own, not in
 * its length: functions declared inside it, functions held in a variable, and the methods of an
 * object it builds (a `create…Service` factory is the module of its methods, each a unit). Inline
 * callbacks (`items.map((item) => …)`, JSX handlers) are part of the function they are written in.
 * A longer function says why above it:
 * `// eslint-disable-next-line unit-size/max-function-lines -- <the reason>`.
 */

const FUNCTION_TYPES = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
]);

/** A function that is a unit of its own: declared, held in a variable, or an object's method. */
function isNamedUnit(node) {
  if (node.type === 'FunctionDeclaration') return true;
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'VariableDeclarator' && parent.init === node) return true;
  if (parent.type === 'MethodDefinition') return true;
  if (parent.type === 'Property' && parent.value === node) return true;
  if (parent.type === 'PropertyDefinition' && parent.value === node) return true;
  return false;
}

/** Lines holding code: a token starts, ends or runs through them (a template literal). */
function tokenLinesOf(sourceCode) {
  const lines = new Set();
  for (const token of sourceCode.ast.tokens) {
    for (let line = token.loc.start.line; line <= token.loc.end.line; line += 1) lines.add(line);
  }
  return lines;
}

/** The lines of code in [start, end]: those holding a token (not blank, not only a comment). */
function codeLines(tokenLines, start, end) {
  const lines = new Set();
  for (let line = start; line <= end; line += 1) if (tokenLines.has(line)) lines.add(line);
  return lines;
}

/** `checkPassenger`, `createX.method`, or `Parent>callback` for an inline function. */
function unitName(node, stack) {
  const own =
    node.id?.name ??
    (node.parent?.type === 'VariableDeclarator' ? node.parent.id.name : undefined) ??
    node.parent?.key?.name;
  const outer = stack
    .map((frame) => frame.node)
    .filter(
      (n) => n.id?.name ?? (n.parent?.type === 'VariableDeclarator' ? n.parent.id.name : undefined),
    )
    .at(-1);
  const outerName = outer ? (outer.id?.name ?? outer.parent.id.name) : undefined;
  if (own && node.parent?.key?.name === own && outerName) return `${outerName}.${own}`;
  if (own) return own;
  return `${outerName ?? '(module)'}>callback`;
}

const maxFunctionLines = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Limit the length of each function, counting named inner units apart' },
    schema: [
      {
        type: 'object',
        properties: { max: { type: 'integer' } },
        additionalProperties: false,
      },
    ],
    messages: {
      tooLong:
        '{{name}} has {{lines}} lines of code (its named inner functions apart); at most {{max}}. Split it along its steps, or say why above it.',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 60;
    const tokenLines = tokenLinesOf(context.sourceCode);
    const stack = [];
    function enter(node) {
      stack.push({ node, nested: [] });
    }
    function exit(node) {
      const frame = stack.pop();
      const own = codeLines(tokenLines, node.loc.start.line, node.loc.end.line);
      for (const inner of frame.nested) {
        for (let line = inner.loc.start.line + 1; line <= inner.loc.end.line; line += 1)
          own.delete(line);
      }
      const parent = stack.at(-1);
      if (parent && isNamedUnit(node)) parent.nested.push(node);
      const name = unitName(node, stack);
      if (own.size > max) {
        context.report({
          node,
          loc: {
            start: node.loc.start,
            end: { line: node.loc.start.line, column: node.loc.start.column + 1 },
          },
          messageId: 'tooLong',
          data: { name, lines: String(own.size), max: String(max) },
        });
      }
    }
    const handlers = {};
    for (const type of FUNCTION_TYPES) {
      handlers[type] = enter;
      handlers[`${type}:exit`] = exit;
    }
    return handlers;
  },
};

/**
 * `unit-size/max-span-lines`: no named function (declared or held in a variable) whose whole
 * span, its inner units included, is longer than `max` lines of code. A `create…` factory made of
 * many short methods is still one closure a reader has to hold, so past this it is composed of
 * parts in files of their own. A longer one says why above it:
 * `// eslint-disable-next-line unit-size/max-span-lines -- <the reason>`.
 */
const maxSpanLines = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Limit the whole span of each named function, inner units included' },
    schema: [
      {
        type: 'object',
        properties: { max: { type: 'integer' } },
        additionalProperties: false,
      },
    ],
    messages: {
      tooLong:
        '{{name}} spans {{lines}} lines of code (its inner functions included); at most {{max}}. Compose it of parts in files of their own, or say why above it.',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 200;
    const tokenLines = tokenLinesOf(context.sourceCode);
    function check(node) {
      const declared =
        node.type === 'FunctionDeclaration' || node.parent?.type === 'VariableDeclarator';
      if (!declared) return;
      const lines = codeLines(tokenLines, node.loc.start.line, node.loc.end.line).size;
      if (lines <= max) return;
      context.report({
        node,
        loc: {
          start: node.loc.start,
          end: { line: node.loc.start.line, column: node.loc.start.column + 1 },
        },
        messageId: 'tooLong',
        data: { name: unitName(node, []), lines: String(lines), max: String(max) },
      });
    }
    return Object.fromEntries([...FUNCTION_TYPES].map((type) => [type, check]));
  },
};

export default {
  rules: { 'max-function-lines': maxFunctionLines, 'max-span-lines': maxSpanLines },
};
