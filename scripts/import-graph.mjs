// The project's import graph, read with the TypeScript compiler (type-only imports and `import type` count:
// a circle of types is still a circle a reader has to walk). Used by scripts/lint.mjs to fail on any cycle.
import path from 'node:path';
import ts from 'typescript';

/** Every project source file (tsconfig.json's) and, for each, the project files it imports. */
export function importGraph(root) {
  const configPath = path.join(root, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  const config = ts.parseJsonConfigFileContent(read.config, ts.sys, root);
  const host = ts.createCompilerHost(config.options);
  const files = config.fileNames.filter((f) => /\.(ts|tsx|mts|cts)$/.test(f) && !f.endsWith('.d.ts'));
  const inProject = new Set(files.map((f) => path.resolve(f)));
  const graph = new Map();
  for (const file of files) {
    const abs = path.resolve(file);
    const info = ts.preProcessFile(ts.sys.readFile(abs) ?? '', true, true);
    const targets = new Set();
    for (const ref of info.importedFiles) {
      const resolved = ts.resolveModuleName(ref.fileName, abs, config.options, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = path.resolve(resolved.resolvedFileName);
      if (inProject.has(target) && target !== abs) targets.add(target);
    }
    graph.set(abs, [...targets].sort());
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan), each a cycle to break. */
export function importCycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (start) => {
    // Iterative Tarjan: the graph is a few thousand files deep at most, but recursion is not needed.
    const work = [[start, 0]];
    indexOf.set(start, index);
    low.set(start, index);
    index++;
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const next = graph.get(node) ?? [];
      if (i < next.length) {
        frame[1]++;
        const to = next[i];
        if (!indexOf.has(to)) {
          indexOf.set(to, index);
          low.set(to, index);
          index++;
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) {
          low.set(node, Math.min(low.get(node), indexOf.get(to)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indexOf.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return cycles;
}

/** One path around a cycle, for the message: from its first file back to itself. */
export function cyclePath(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const trail = [start];
        for (let at = node; at !== null; at = previous.get(at)) trail.unshift(at);
        return trail;
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return component;
}
