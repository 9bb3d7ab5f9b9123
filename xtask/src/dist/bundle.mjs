// Bundles the page's module script and stylesheets with esbuild for `cargo xtask dist`.
//
// Run by xtask as `node bundle.mjs CONFIG.json`, the file holding:
//   root      the folder index.html is in; import-map paths are relative to it
//   packages  the folder whose node_modules holds esbuild (tests/e2e)
//   entries   [{ in, out }]: files to bundle, each written to outdir/<out>.js or .css
//   outdir    where the bundles go
//   imports   index.html's import map ({ specifier: path }), so that a bare import
//             resolves to the very file the served page loads
//   replace   { module: stand-in }: absolute paths of modules bundled in place of others
//             (the engine loader that fetches the .wasm becomes one that carries it, and
//             each file of interface texts one that takes them from a packed list)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const esbuild = createRequire(path.join(config.packages, 'package.json'))('esbuild');

const pagePlugin = {
  name: 'page',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const standIn = config.replace[path.resolve(args.resolveDir, args.path)];
      return standIn === undefined ? undefined : { path: standIn };
    });
    // Bare specifiers (`gifenc`, `@scope/lib/x.js`): the served page finds them only
    // through the import map, so the bundle takes them from there too.
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const target = fromImportMap(args.path);
      if (target === undefined) {
        const where = path.relative(config.root, args.importer);
        return {
          errors: [{
            text: `\`${args.path}\` (imported by ${where}) is not in the import map of index.html; ` +
              `add the package to www/package.json and "${args.path}": "./www/node_modules/${args.path}/<its ES module file>" ` +
              'to the import map, so that the served page finds it too',
          }],
        };
      }
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
        return { errors: [{ text: `the import map sends \`${args.path}\` to ${target}, which the single-file build cannot inline; point it to a file in the repository` }] };
      }
      return { path: path.join(config.root, target) };
    });
  },
};

/** The import-map target of `specifier`: an exact key, or the longest key ending in `/` that prefixes it. */
function fromImportMap(specifier) {
  if (Object.hasOwn(config.imports, specifier)) return config.imports[specifier];
  const prefix = Object.keys(config.imports)
    .filter((key) => key.endsWith('/') && specifier.startsWith(key))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? undefined : config.imports[prefix] + specifier.slice(prefix.length);
}

try {
  await esbuild.build({
    absWorkingDir: config.root,
    entryPoints: config.entries,
    outdir: config.outdir,
    bundle: true,
    // The bundle imports nothing, so it can stand inline in the page's <script type="module">
    // (a page opened from disk cannot load module scripts by URL) and keep top-level await.
    format: 'esm',
    platform: 'browser',
    minify: true,
    // The page is UTF-8: keep Chinese text as it is rather than as \u escapes.
    charset: 'utf8',
    // Files a stylesheet or a module pulls in travel inside the bundle.
    loader: {
      '.wasm': 'binary',
      '.lzma': 'binary',
      '.png': 'dataurl',
      '.jpg': 'dataurl',
      '.gif': 'dataurl',
      '.webp': 'dataurl',
      '.svg': 'dataurl',
      '.woff2': 'dataurl',
    },
    plugins: [pagePlugin],
    logLevel: 'warning',
  });
} catch {
  // esbuild has already printed each error with its file and line.
  process.exit(1);
}
