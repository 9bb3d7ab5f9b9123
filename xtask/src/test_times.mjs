// A node:test reporter that `cargo xtask test` runs beside spec's: one JSON line per test
// that ran, { file, name, ms }, from which it prints the slowest tests of the run.
// A test's name is its suites' and parents' names and its own, joined by " > ". Only leaves
// are written: a suite or a test with subtests would count its children's time again.

export default async function* testTimes(source) {
  // Per file, the tests started at each nesting depth: { name, parent }.
  const open = new Map();
  for await (const { type, data } of source) {
    if (type === 'test:start') {
      const stack = open.get(data.file) ?? [];
      stack.length = data.nesting;
      if (data.nesting > 0 && stack[data.nesting - 1]) stack[data.nesting - 1].parent = true;
      stack.push({ name: data.name, parent: false });
      open.set(data.file, stack);
    } else if (type === 'test:pass' || type === 'test:fail') {
      if (data.details?.type === 'suite' || data.name === data.file) continue;
      const stack = open.get(data.file) ?? [];
      const own = stack[data.nesting];
      if (own?.name === data.name && own.parent) continue;
      const names = [...stack.slice(0, data.nesting).map((test) => test.name), data.name];
      yield `${JSON.stringify({ file: data.file, name: names.join(' > '), ms: data.details?.duration_ms ?? 0 })}\n`;
    }
  }
}
